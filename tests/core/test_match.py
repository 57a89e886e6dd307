"""Match: replay, undo determinism, illegal actions, journal resume, game over.

Runs on CPython and MicroPython; the journal lives in a scratch folder.
"""

import unittest

from counting_game import CountingGame
from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack.files import OsFiles, read_all, write_new
from pawtrack.games import IllegalAction
from pawtrack.journal import Journal, header_record
from pawtrack.match import RULES_CHANGED, UNKNOWN_GAME, Match, resume_info
from pawtrack.records import preamble
from pawtrack.rng import Rng


def find_game(game_id):
    return CountingGame if game_id == CountingGame.ID else None


def play(match, steps, chooser_seed=5, undo_every=0):
    """Play ``steps`` actions picked from the legal ones; returns every snapshot."""
    chooser = Rng(chooser_seed)
    snapshots = [match.snapshot()]
    for step in range(steps):
        legal = match.game.legal_actions()
        if not legal:
            break
        match.act(chooser.choice(legal))
        if undo_every and step % undo_every == undo_every - 1:
            match.undo()
        snapshots.append(match.snapshot())
    return snapshots


class FailingFiles(OsFiles):
    """OsFiles whose appends fail, like a full flash."""

    def open(self, name, mode):
        if "a" in mode:
            raise OSError(28, "no space left")
        return OsFiles.open(self, name, mode)


class MatchTest(unittest.TestCase):
    def test_options_are_completed_and_checked(self):
        match = Match.new(CountingGame, {"target": 10}, 3)
        self.assertEqual(match.options, {"players": 2, "target": 10})
        with self.assertRaises(ValueError):
            Match.new(CountingGame, {"target": 11}, 3)
        with self.assertRaises(ValueError):
            Match.new(CountingGame, {"colour": "red"}, 3)

    def test_replay_gives_the_same_state_at_every_step(self):
        match = Match.new(CountingGame, {"players": 3}, 99)
        snapshots = play(match, 80)
        for count in range(len(match.actions) + 1):
            again = Match(CountingGame, match.options, 99, match.actions[:count])
            self.assertEqual(again.snapshot(), snapshots[count])

    def test_seed_decides_the_dice(self):
        rolls = []
        for seed in (1, 2, 3, 4):
            match = Match.new(CountingGame, None, seed)
            values = []
            for _ in range(12):  # never stopping, so never winning
                values.append(match.act("roll")[0]["value"])
            rolls.append(values)
        self.assertNotEqual(rolls[0], rolls[1])
        self.assertEqual(len(set(tuple(r) for r in rolls)), 4)

    def test_undo_then_roll_again_gives_the_same_dice(self):
        match = Match.new(CountingGame, None, 2024)
        play(match, 15)
        for _ in range(5):
            before = match.snapshot()
            events = match.act("roll")
            undo_events = match.undo()
            self.assertEqual(undo_events, [{"ev": "undo", "action": "roll"}])
            self.assertEqual(match.snapshot(), before)
            self.assertEqual(match.act("roll"), events)

    def test_undo_twice_and_redo(self):
        match = Match.new(CountingGame, None, 8)
        snapshots = play(match, 10)
        actions = list(match.actions)
        match.undo()
        match.undo()
        self.assertEqual(match.snapshot(), snapshots[-3])
        match.act(actions[-2])
        match.act(actions[-1])
        self.assertEqual(match.snapshot(), snapshots[-1])

    def test_nothing_to_undo(self):
        match = Match.new(CountingGame, None, 8)
        with self.assertRaises(IllegalAction):
            match.undo()

    def test_illegal_action_changes_nothing(self):
        match = Match.new(CountingGame, None, 8)
        before = match.snapshot()
        for action in ("stop", "jump", "", None, 3, "roll " * 100):
            with self.assertRaises(IllegalAction):
                match.act(action)
            self.assertEqual(match.snapshot(), before)
        # The rng was not touched either: the next roll is the one a fresh match makes.
        self.assertEqual(match.act("roll"), Match.new(CountingGame, None, 8).act("roll"))

    def test_snapshot_shape(self):
        match = Match.new(CountingGame, None, 0x1_0000_0005)
        match.act("roll")
        snap = match.snapshot()
        self.assertEqual(snap["game"], "counting")
        self.assertEqual(snap["seed"], 5)  # seeds are 32-bit
        self.assertEqual(snap["actions"], ["roll"])
        self.assertEqual(snap["state"]["over"], False)

    def test_game_ends_and_offers_no_more_actions(self):
        match = Match.new(CountingGame, {"target": 10}, 12)
        play(match, 500)
        self.assertTrue(match.is_over())
        self.assertEqual(match.game.legal_actions(), [])
        self.assertIsNotNone(match.snapshot()["state"]["result"])
        with self.assertRaises(IllegalAction):
            match.act("roll")


class JournalledMatchTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("pawtrack-match")
        self.files = OsFiles(self.folder)

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def resume(self):
        return Match.resume(Journal(self.files), find_game)

    def test_resume_gives_the_same_match(self):
        match = Match.new(CountingGame, {"players": 3}, 77, Journal(self.files))
        play(match, 60, undo_every=7)
        resumed, message = self.resume()
        self.assertIsNone(message)
        self.assertEqual(resumed.snapshot(), match.snapshot())

    def test_resumed_match_goes_on_journalling(self):
        match = Match.new(CountingGame, None, 77, Journal(self.files))
        play(match, 10)
        resumed, _ = self.resume()
        play(resumed, 10, chooser_seed=6, undo_every=3)
        again, _ = self.resume()
        self.assertEqual(again.snapshot(), resumed.snapshot())

    def test_every_prefix_resumes_to_its_own_state(self):
        journal = Journal(self.files, compact_at=200)
        match = Match.new(CountingGame, None, 5, journal)
        chooser = Rng(1)
        for step in range(40):
            if step % 4 == 3:
                match.undo()
            else:
                match.act(chooser.choice(match.game.legal_actions()))
            resumed, message = self.resume()
            self.assertIsNone(message)
            self.assertEqual(resumed.snapshot(), match.snapshot(), "step %d" % step)

    def test_illegal_action_writes_nothing(self):
        match = Match.new(CountingGame, None, 5, Journal(self.files))
        match.act("roll")
        before = read_all(self.files, "match.jnl")
        with self.assertRaises(IllegalAction):
            match.act("fly")
        self.assertEqual(read_all(self.files, "match.jnl"), before)

    def test_failed_journal_write_leaves_the_match_as_it_was(self):
        match = Match.new(CountingGame, None, 5, Journal(FailingFiles(self.folder)))
        before = match.snapshot()
        with self.assertRaises(OSError):
            match.act("roll")
        self.assertEqual(match.snapshot(), before)
        match.journal = None
        self.assertEqual(match.act("roll"), Match.new(CountingGame, None, 5).act("roll"))

    def test_new_game_replaces_the_journal(self):
        match = Match.new(CountingGame, None, 5, Journal(self.files))
        play(match, 10)
        fresh = Match.new(CountingGame, {"target": 30}, 6, Journal(self.files))
        resumed, _ = self.resume()
        self.assertEqual(resumed.snapshot(), fresh.snapshot())
        self.assertEqual(resumed.actions, [])

    def test_no_journal_no_match(self):
        self.assertEqual(self.resume(), (None, None))
        self.assertEqual(resume_info(Journal(self.files), find_game), (None, None))

    def test_unknown_game_is_set_aside(self):
        journal = Journal(self.files)
        journal.start("chess", {}, 1)
        journal.append_action("e4")
        self.assertEqual(self.resume(), (None, UNKNOWN_GAME))
        self.assertFalse(self.files.exists("match.jnl"))
        self.assertTrue(self.files.exists("match.jnl.bad"))

    def test_actions_the_rules_refuse_are_set_aside(self):
        journal = Journal(self.files)
        journal.start("counting", {"players": 2, "target": 20}, 1)
        journal.append_action("stop")  # not legal before a roll
        self.assertEqual(self.resume(), (None, RULES_CHANGED))
        self.assertTrue(self.files.exists("match.jnl.bad"))

    def test_options_the_rules_refuse_are_set_aside(self):
        header = header_record("counting", {"players": 9}, 1)
        write_new(self.files, "match.jnl", preamble(b"PAWJ", 1) + header)
        self.assertEqual(self.resume(), (None, RULES_CHANGED))

    def test_resume_info_while_playing_and_after_the_end(self):
        match = Match.new(CountingGame, {"target": 10}, 12, Journal(self.files))
        play(match, 4)
        info, message = resume_info(Journal(self.files), find_game)
        self.assertIsNone(message)
        self.assertEqual(info, ("counting", match.game.summary()))
        play(match, 500)
        self.assertTrue(match.is_over())
        self.assertEqual(resume_info(Journal(self.files), find_game), (None, None))
        # The finished match is kept so its result can still be shown.
        finished, message = self.resume()
        self.assertIsNone(message)
        self.assertEqual(finished.snapshot(), match.snapshot())


if __name__ == "__main__":
    unittest.main()
