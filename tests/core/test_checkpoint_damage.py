"""Checkpoints and the trusted records: damage after a checkpoint is said as without one.

A rebuild from a checkpoint reads the logs from the checkpoint's on; where it
meets damage or an action that is not legal, the full replay decides what is
trusted. These tests damage a save (a flipped bit in an action record, an
illegal action journaled) after its latest checkpoint and check that the
resume keeps the same actions, says the same LOST sentence and the protocol
the same ``save_damaged`` event as for the same match saved without
checkpoints. Also: a Mice and Mystics checkpoint whose parts straddle a full
log (its next record and the new log's opening status between them) is used,
so the resume after it replays fewer actions than the spacing. Runs on both
interpreters.
"""

import json
import struct
import unittest

from checkpoint_kit import random_options, whole
from counting_game import CountingGame
from recording_hal import make_hal
from test_checkpoint_mice_mystics import choose as choose_mystics

from pawtrack import games
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.journal import HEADER_BYTES, KIND_ACTION, KIND_CHECKPOINT, KIND_NEXT, Journal
from pawtrack.match import LOST, Match
from pawtrack.memfiles import MemoryFiles
from pawtrack.protocol import Protocol
from pawtrack.records import HEAD_SIZE, OVERHEAD
from pawtrack.rng import Rng
from pawtrack.ui.app import App

FOLDER = "saves/counting"
MYSTICS = "saves/g"
OPTIONS = {"players": 3, "target": 100}
SPACING = 10


class Spaced(CountingGame):
    """The counting game with a checkpoint every few actions, counting actions applied."""

    CHECKPOINT_SPACING = SPACING
    applied = [0]

    def apply(self, action):
        Spaced.applied[0] += 1
        return CountingGame.apply(self, action)


class Unspaced(Spaced):
    """The same game without checkpoints: what the saves of before them hold."""

    CHECKPOINT_VERSION = 0


def logs_of(files, folder):
    return sorted(
        (name for name in files.listdir(folder) if ".l" in name),
        key=lambda name: int(name.split(".l")[1]),
    )


def records_of(files, folder):
    """(log name, offset, kind, payload) of every record in the logs, in order."""
    found = []
    for name in logs_of(files, folder):
        data = files.files[folder + "/" + name]
        pos = HEADER_BYTES
        while pos + OVERHEAD <= len(data) and data[pos : pos + 2] != b"\xff\xff":
            length, kind = struct.unpack_from("<HB", data, pos)
            payload = bytes(data[pos + HEAD_SIZE : pos + HEAD_SIZE + length])
            found.append((name, pos, kind, payload))
            pos += OVERHEAD + length
    return found


def flip_action(files, folder, number):
    """Flip a bit in the payload of action record ``number`` (from 0)."""
    actions = [item for item in records_of(files, folder) if item[2] == KIND_ACTION]
    name, pos, _, _ = actions[number]
    files.files[folder + "/" + name][pos + HEAD_SIZE] ^= 0x08


def play(rules, files, count):
    """A match of ``count`` actions, tidied after each as the app does; its actions."""
    match = Match.new("counting", rules, OPTIONS, 5, Journal(files, FOLDER))
    chooser = Rng(11)
    live = []
    while len(live) < count:
        action = chooser.choice(match.game.legal_actions())
        match.act(action)
        match.tidy()
        live.append(action)
    return match, live


def replayed(actions):
    game = CountingGame(OPTIONS, Rng(5))
    for action in actions:
        game.apply(action)
    return game.state()


def resume(rules, files):
    before = Spaced.applied[0]
    match, message = Match.resume(Journal(files, FOLDER), lambda game_id: rules)
    return match, message, Spaced.applied[0] - before


class DamageAfterACheckpoint(unittest.TestCase):
    def saves(self, count):
        """The same match saved with checkpoints and without: {rules: (files, actions)}."""
        made = {}
        for rules in (Spaced, Unspaced):
            files = MemoryFiles()
            _, live = play(rules, files, count)
            made[rules] = (files, live)
        self.assertEqual(made[Spaced][1], made[Unspaced][1])
        for rules in (Spaced, Unspaced):
            kinds = [item[2] for item in records_of(made[rules][0], FOLDER)]
            self.assertEqual(KIND_CHECKPOINT in kinds, rules is Spaced)
        # undamaged, the checkpointed save resumes from its latest checkpoint
        _, message, applied = resume(Spaced, made[Spaced][0])
        self.assertIsNone(message)
        self.assertLess(applied, SPACING)
        return made

    def check_kept(self, made, kept):
        """Both saves resume with their first ``kept`` actions, saying so alike."""
        said = []
        for rules in (Spaced, Unspaced):
            files, live = made[rules]
            match, message, _ = resume(rules, files)
            self.assertEqual(message, LOST % kept, rules.__name__)
            self.assertEqual(match.moves, kept, rules.__name__)
            self.assertEqual(match.snapshot()["state"], replayed(live[:kept]), rules.__name__)
            self.assertEqual(match.recent, live[:kept][-8:], rules.__name__)
            said.append((message, match.snapshot()))
            again, message, _ = resume(rules, files)  # salvaged: nothing more to say
            self.assertIsNone(message, rules.__name__)
            self.assertEqual(again.snapshot(), said[-1][1], rules.__name__)
        self.assertEqual(said[0], said[1])

    def test_a_damaged_action_after_the_latest_checkpoint_is_said(self):
        made = self.saves(45)  # checkpoints at 10, 20, 30 and 40 actions
        for rules in (Spaced, Unspaced):
            flip_action(made[rules][0], FOLDER, 43)
        self.check_kept(made, 43)

    def test_an_illegal_action_after_a_checkpoint_ends_the_trusted_actions(self):
        made = self.saves(45)
        for rules in (Spaced, Unspaced):
            files, live = made[rules]
            match, message, _ = resume(rules, files)
            self.assertIsNone(message)
            journal = match.journal
            if match.game.rolled:
                match.act("stop")  # a new turn, where "stop" is not legal
                live.append("stop")
            self.assertNotIn("stop", match.game.legal_actions())
            journal.append_action("stop")  # as a hostile or damaged save could hold it
            journal.append_action("roll")
            journal.append_action("roll")
        self.check_kept(made, len(made[Spaced][1]))

    def test_a_checkpoint_across_a_full_log_is_used(self):
        rules = counted(MiceMystics)  # checkpoints of two or three parts
        spacing = rules.CHECKPOINT_SPACING
        files = MemoryFiles()
        chooser = Rng(6)
        options = random_options(MiceMystics, chooser)
        match = Match.new("g", rules, options, 6, Journal(files, MYSTICS))
        live = []
        # until a checkpoint starts in a full log and ends in the next (undos among the
        # actions: a chapter that ends is taken back)
        while not straddling(records_of(files, MYSTICS)):
            legal = match.game.legal_actions()
            if live and (not legal or chooser.below(4) == 0):
                match.undo()
                live.pop()
            else:
                action = choose_mystics(chooser, match.game, legal)
                match.act(action)
                live.append(action)
            match.tidy()
            self.assertLess(len(live), 2000, "no checkpoint across a full log")
        # actions up to the next one due: a resume starts from the one across the logs
        while match.since.actions < spacing - 1 and match.game.legal_actions():
            action = choose_mystics(chooser, match.game, match.game.legal_actions())
            match.act(action)
            live.append(action)
        before = rules.applied[0]
        again, message = Match.resume(Journal(files, MYSTICS), lambda game_id: rules)
        self.assertIsNone(message)
        self.assertLess(rules.applied[0] - before, spacing)
        expected = MiceMystics(options, Rng(6))
        for action in live:
            expected.apply(action)
        self.assertEqual(whole(again.game), whole(expected))


def straddling(found):
    """Whether a checkpoint's part other than its last is followed by a next record."""
    for at in range(1, len(found)):
        part = found[at - 1]
        if found[at][2] == KIND_NEXT and part[2] == KIND_CHECKPOINT:
            if part[3][0] + 1 < part[3][1]:
                return True
    return False


def counted(rules):
    class Counted(rules):
        applied = [0]

        def apply(self, action):
            Counted.applied[0] += 1
            return rules.apply(self, action)

    return Counted


class TheProtocolSaysIt(unittest.TestCase):
    def chop_match(self, actions):
        """(hal) of a Cat & Mouse match of ``actions`` actions played through the protocol,
        tidied after each: the first seed whose random match lasts that long."""
        for seed in range(1, 60):
            hal = make_hal()
            app = App(hal, games.catalog())
            protocol = Protocol(app, [].append)
            protocol.feed(('{"cmd": "new", "game": "chop", "seed": %d}\n' % seed).encode())
            chooser = Rng(seed)
            played = 0
            while played < actions:
                legal = app.session.match.game.legal_actions()
                if not legal:
                    break
                action = chooser.choice(legal)
                protocol.feed((json.dumps({"cmd": "act", "action": action}) + "\n").encode())
                app.session.match.tidy()  # as the app does once the screen is still
                played += 1
            if played == actions:
                return hal
        self.fail("no Cat & Mouse match of %d actions" % actions)

    def test_save_damaged_after_a_checkpoint(self):
        hal = self.chop_match(56)
        kinds = [item[2] for item in records_of(hal.files, "saves/chop")]
        self.assertIn(KIND_CHECKPOINT, kinds)  # at 50 actions
        flip_action(hal.files, "saves/chop", 53)
        app = App(make_hal(), games.catalog())  # power cycle: same flash, new app
        app.files = app.hal.files = hal.files
        out = []
        protocol = Protocol(app, out.append)
        protocol.feed(b'{"cmd": "resume", "game": "chop"}\n')
        events = [json.loads(line) for line in out]
        said = [event for event in events if event["ev"] == "save_damaged"]
        self.assertEqual(len(said), 1, events)
        self.assertEqual((said[0]["kept"], said[0]["reason"]), (53, LOST % 53))
        self.assertEqual(events[-1]["ev"], "done")
        self.assertEqual(" ".join(app.screen.lines), LOST % 53)


if __name__ == "__main__":
    unittest.main()
