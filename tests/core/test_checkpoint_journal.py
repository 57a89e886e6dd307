"""Checkpoints in the journal: undo and resume from them equal replay from the seed.

For every game, long random sessions (actions, and undos about one time in
four) are played through ``Match`` on a journal in memory, which writes a
checkpoint every ``CHECKPOINT_SPACING`` live actions (in ``Match.tidy``, which the
app runs once the screen is still; half the sessions never tidy, as with the
serial protocol, and then the action writes it when twice as many went by).
After every undo, and at
random points by resuming the journal afresh, the match must be exactly the
one that replaying its live actions from the seed gives: every attribute of
the rules, the random stream, the protocol's snapshot (state, moves, recent
actions) and the action undo reports. Every undo and resume applied fewer
than that spacing (twice that without tidying): the bound that makes their
cost flat. Also: a save
without checkpoints (written before them) still resumes and gets one at the
next tidy; a
checkpoint the rules refuse (or choke on), or one whose last part is missing,
falls back to the one before; a game without checkpoints is replayed as before.
MicroPython plays fewer sessions.
"""

import unittest

import counting_game
import sizes
from checkpoint_kit import random_options, whole
from table_rolls_kit import filled
from test_checkpoint_mice_mystics import choose as choose_mystics

from pawtrack import checkpoints
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.chop.rules import Chop
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.games.mouse_chaos.rules import MouseChaos
from pawtrack.games.om_nom_nom.rules import OmNomNom
from pawtrack.journal import Journal
from pawtrack.match import RAM_SPACING, Match
from pawtrack.memfiles import MemoryFiles
from pawtrack.packing import pack
from pawtrack.records import crc32
from pawtrack.rng import Rng

SESSIONS = sizes.count(8, 2)  # per game
STEPS = sizes.count(500, 300)  # acts and undos per session
FOLDER = "saves/g"


def counted(rules):
    """The rules, counting every action applied (in ``applied[0]``)."""

    class Counted(rules):
        applied = [0]

        def apply(self, action):
            Counted.applied[0] += 1
            return rules.apply(self, action)

    return Counted


def uniform(chooser, game, actions):
    return filled(chooser, game, chooser.choice(actions))  # rolls: table fills a template


GAMES = (
    (MmmGame, uniform, (("layout", "own"),)),
    (MouseChaos, uniform, ()),
    (Chop, uniform, ()),
    (OmNomNom, uniform, ()),
    (MiceMystics, choose_mystics, ()),
)


def by_replay(rules, options, seed, live):
    game = rules(options, Rng(seed))
    for action in live:
        game.apply(action)
    return game


class Session:
    def __init__(self, test, rules, choose, leave_out, seed):
        self.test = test
        self.rules = counted(rules)
        self.choose = choose
        self.chooser = Rng(seed * 31 + 3)
        self.seed = seed
        self.options = random_options(rules, self.chooser, leave_out)
        self.files = MemoryFiles()
        self.match = Match.new("g", self.rules, self.options, seed, Journal(self.files, FOLDER))
        self.live = []
        self.rebuilds = 0
        self.tidies = seed % 2 == 0  # as the app does; not as the serial protocol
        spacing = rules.CHECKPOINT_SPACING
        self.bound = spacing if self.tidies else 2 * spacing

    def find_rules(self, game_id):
        return self.rules if game_id == "g" else None

    def check(self, what):
        test = self.test
        expected = by_replay(self.rules, self.options, self.seed, self.live)
        test.assertEqual(whole(self.match.game), whole(expected), what)
        snapshot = self.match.snapshot()
        test.assertEqual(snapshot["state"], expected.state(), what)
        test.assertEqual(snapshot["moves"], len(self.live), what)
        test.assertEqual(snapshot["recent"], self.live[-8:], what)
        test.assertEqual(self.match.status(), (expected.is_over(), expected.summary()))

    def bounded(self, before, what):
        applied = self.rules.applied[0] - before
        self.test.assertLess(applied, self.bound, what)
        self.rebuilds += 1

    def undo(self, step):
        before = self.rules.applied[0]
        try:
            events = self.match.undo()
        except IllegalAction:
            return False
        self.bounded(before, "undo at step %d" % step)
        self.test.assertEqual(events, [{"ev": "undo", "action": self.live.pop()}])
        self.check("seed %d, undo at step %d" % (self.seed, step))
        return True

    def resume(self, step):
        before = self.rules.applied[0]
        match, message = Match.resume(Journal(self.files, FOLDER), self.find_rules)
        self.test.assertIsNone(message)
        self.bounded(before, "resume at step %d" % step)
        self.match = match
        self.check("seed %d, resume at step %d" % (self.seed, step))

    def run(self, steps):
        for step in range(steps):
            roll = self.chooser.below(100)
            legal = self.match.game.legal_actions()
            if (roll < 25 or not legal) and self.live and self.undo(step):
                continue
            if not legal:
                break
            action = self.choose(self.chooser, self.match.game, legal)
            self.match.act(action)
            self.live.append(action)
            if self.tidies:
                self.match.tidy()
            if roll >= 97:
                self.resume(step)
        self.resume(steps)


class CheckpointedSessions(unittest.TestCase):
    def test_undo_and_resume_equal_replay(self):
        for rules, choose, leave_out in GAMES:
            rebuilds = 0
            for seed in range(SESSIONS):
                session = Session(self, rules, choose, leave_out, seed)
                session.run(STEPS)
                rebuilds += session.rebuilds
            print("%s: %d sessions, %d undos and resumes" % (rules.__name__, SESSIONS, rebuilds))

    def long_match(self, actions=130):
        """A Mice and Mystics chapter through Match with ``actions`` live actions: the
        first seed whose random chapter lasts that long."""
        for seed in range(100):
            session = Session(self, MiceMystics, choose_mystics, (), seed)
            while len(session.live) < actions:
                legal = session.match.game.legal_actions()
                if not legal:
                    break
                action = choose_mystics(session.chooser, session.match.game, legal)
                session.match.act(action)
                session.live.append(action)
                session.match.tidy()
            if len(session.live) == actions:
                return session
        self.fail("no chapter of %d actions" % actions)

    def test_the_app_is_asked_to_tidy_every_ram_spacing_actions(self):
        """Undo's base in RAM moves on while the screen is still: the match says it has
        work for tidy (which the app runs then) once RAM_SPACING actions went by."""
        session = Session(self, Chop, uniform, (), 1)
        match = session.match
        match.tidy()  # the new match's own flash work
        for count in range(1, RAM_SPACING + 1):
            self.assertFalse(match.needs_tidy(), count)
            action = uniform(session.chooser, match.game, match.game.legal_actions())
            match.act(action)
            session.live.append(action)
        self.assertTrue(match.needs_tidy())
        match.tidy()
        self.assertFalse(match.needs_tidy())
        self.assertEqual(match.after, [])
        session.undo(0)  # from the base before, in RAM

    def test_a_still_screen_after_a_resume_on_a_checkpoint_leaves_undo_nothing_to_apply(self):
        """A resume that ends on a checkpoint leaves undo's base a whole spacing behind;
        the next still screen (tidy) rebuilds it one action behind the live state, so
        the undo applies no action, and the one after it still needs no read."""
        spacing = MiceMystics.CHECKPOINT_SPACING
        session = self.long_match(128)  # ends on a checkpoint
        session.resume(0)
        match = session.match
        self.assertEqual((match.after, len(match.older[1])), ([], spacing))
        self.assertTrue(match.needs_tidy())
        match.tidy()
        self.assertEqual(len(match.after), 1)
        self.assertFalse(match.needs_tidy())
        applied = session.rules.applied[0]
        self.assertEqual(match.undo(), [{"ev": "undo", "action": session.live.pop()}])
        self.assertEqual(session.rules.applied[0], applied)
        session.check("the undo after a still screen")
        replay = match.replay
        match.replay = None  # the undo after this one must not read the journal either
        self.assertTrue(session.undo(1))
        match.replay = replay

    def test_undo_reads_the_journal_only_past_two_checkpoints(self):
        """An undo rebuilds from the base kept in RAM (or the one before it), reading
        nothing from flash: in a match played with tidying (a base every checkpoint and
        every RAM_SPACING actions), after a resume (its base one action before the
        end, and the checkpoint), and after a resume that ends on a checkpoint (which
        reads the one before it too, or the actions since the seed). Going back
        further reads the journal once, which then gives the next bases."""
        spacing = MiceMystics.CHECKPOINT_SPACING
        self.assertEqual(spacing, 2 * RAM_SPACING)
        for length, resumed, in_ram in (
            (130, False, 2 + RAM_SPACING),  # the base at 128, the one at 120
            (130, True, 2),  # the base at 129 and the checkpoint at 128
            (128, True, spacing),  # ended on a checkpoint: the one before it, read too
            (spacing, True, spacing),  # ended on the first checkpoint: the seed before it
        ):
            what = "%d actions, %s" % (length, "resumed" if resumed else "played")
            session = self.long_match(length)
            if resumed:
                session.resume(0)
            journal = session.match.journal
            reads = []
            real_each_record = journal._each_record
            real_replay = journal.replay

            def each_record(*args, reads=reads, real=real_each_record):
                reads.append("records")
                return real(*args)

            def replay(*args, reads=reads, real=real_replay):
                reads.append("replay")
                return real(*args)

            journal._each_record = each_record
            journal.replay = replay
            for step in range(in_ram):
                self.assertTrue(session.undo(step))
            self.assertEqual(reads, [], what)
            if in_ram == length:
                self.assertEqual(session.live, [])  # back to the start without a read
                continue
            self.assertTrue(session.undo(in_ram))  # past them: the journal is read
            self.assertNotEqual(reads, [], what)
            del reads[:]
            self.assertTrue(session.undo(in_ram + 1))  # and gave the next base
            self.assertEqual(reads, [], what)

    def test_a_refused_checkpoint_falls_back_to_the_one_before(self):
        session = self.long_match()
        journal = session.match.journal
        refused = bytearray(session.match.game.checkpoint())
        refused[-1] ^= 0x40  # the rules' own CRC no longer matches
        recent = session.live[-8:]
        journal.append_checkpoint(checkpoints.encode(journal.moves, recent, bytes(refused)))
        session.resume(0)
        session.undo(1)

    def test_a_checkpoint_the_rules_choke_on_falls_back_too(self):
        session = Session(self, MouseChaos, uniform, (), 1)
        while len(session.live) < 70 and session.match.game.legal_actions():
            action = uniform(session.chooser, None, session.match.game.legal_actions())
            session.match.act(action)
            session.live.append(action)
            session.match.tidy()
        self.assertEqual(len(session.live), 70)
        game = session.match.game
        values = [MouseChaos.CHECKPOINT_VERSION, game.rng.seed, game.rng.state]
        for name in MouseChaos.CHECKPOINT_FIELDS:
            value = getattr(game, name)
            values.append(value.checkpoint_parts() if name == "holders" else value)
        values[3] = [["red", 1], [], 0]  # the holders: tokens that cannot even be sorted
        body = pack(values)
        record = body + crc32(body).to_bytes(4, "little")  # checked, and yet it does not fit
        try:
            MouseChaos.restore(session.options, record)
        except ValueError:
            self.fail("expected the bag to choke on it with another error")
        except Exception:  # noqa: BLE001 - TypeError on both interpreters
            pass
        journal = session.match.journal
        journal.append_checkpoint(checkpoints.encode(journal.moves, session.live[-8:], record))
        session.resume(0)
        session.undo(1)

    def test_a_checkpoint_cut_short_is_not_used(self):
        session = self.long_match()
        journal = session.match.journal
        record = session.match.game.checkpoint()
        parts = checkpoints.encode(journal.moves, session.live[-8:], record)
        wrong = checkpoints.encode(journal.moves + 5, [], record)
        self.assertGreater(len(parts), 1)
        journal.append_checkpoint(wrong[:-1])  # a power cut before its last part
        session.resume(0)
        session.undo(1)

    def test_a_save_without_checkpoints_resumes_and_gets_one(self):
        files = MemoryFiles()
        journal = Journal(files, FOLDER)
        options = random_options(OmNomNom, Rng(1))
        game = OmNomNom(options, Rng(9))
        journal.start("g", options, 9, (False, game.summary()))
        chooser = Rng(4)
        live = []
        while len(live) < 3 * OmNomNom.CHECKPOINT_SPACING and game.legal_actions():
            action = filled(chooser, game, chooser.choice(game.legal_actions()))
            game.apply(action)
            journal.append_action(action, (game.is_over(), game.summary()))
            live.append(action)
        rules = counted(OmNomNom)
        match, message = Match.resume(Journal(files, FOLDER), lambda game_id: rules)
        self.assertIsNone(message)
        self.assertEqual(whole(match.game), whole(by_replay(OmNomNom, options, 9, live)))
        self.assertTrue(match.needs_tidy())
        match.tidy()  # what the app does once the screen is still: the checkpoint is due
        before = rules.applied[0]
        match, message = Match.resume(Journal(files, FOLDER), lambda game_id: rules)
        self.assertEqual(rules.applied[0], before)
        self.assertEqual(whole(match.game), whole(by_replay(OmNomNom, options, 9, live)))

    def test_a_game_without_checkpoints_is_replayed(self):
        rules = counted(counting_game.Uncheckpointed)
        game = rules(resolve_options(rules, None), Rng(1))
        self.assertIsNone(game.checkpoint())
        files = MemoryFiles()
        match = Match.new(counting_game.ID, rules, None, 2, Journal(files, FOLDER))
        for _ in range(100):
            match.act(match.game.legal_actions()[0])
        before = rules.applied[0]
        match.undo()
        self.assertEqual(rules.applied[0] - before, match.moves)  # all replayed from the seed
        state = match.snapshot()
        again, _ = Match.resume(Journal(files, FOLDER), lambda game_id: rules)
        self.assertEqual(again.snapshot(), state)


if __name__ == "__main__":
    unittest.main()
