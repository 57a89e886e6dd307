"""Match: replay, undo determinism, illegal actions, journal resume, game over.

Runs on CPython and MicroPython; the journal lives in memory (MemoryFiles) or
in a scratch folder.
"""

import unittest

import counting_game
from counting_game import CountingGame
from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack.files import OsFiles, safe_write
from pawtrack.game import IllegalAction
from pawtrack.journal import Journal
from pawtrack.match import LOST, RULES_CHANGED, UNKNOWN_GAME, Match
from pawtrack.memfiles import MemoryFiles
from pawtrack.rng import Rng

FOLDER = "saves/counting"


def find_rules(game_id):
    return CountingGame if game_id == counting_game.ID else None


def new_match(options=None, seed=5, files=None):
    journal = Journal(files if files is not None else MemoryFiles(), FOLDER)
    return Match.new(counting_game.ID, CountingGame, options, seed, journal)


def play(match, steps, chooser_seed=5, undo_every=0):
    """Play ``steps`` actions picked from the legal ones; returns (snapshots, actions)."""
    chooser = Rng(chooser_seed)
    snapshots = [match.snapshot()]
    actions = []
    for step in range(steps):
        legal = match.game.legal_actions()
        if not legal:
            break
        action = chooser.choice(legal)
        match.act(action)
        actions.append(action)
        if undo_every and step % undo_every == undo_every - 1:
            match.undo()
            actions.pop()
        snapshots.append(match.snapshot())
    return snapshots, actions


def state_after(options, seed, actions):
    """The rules' state after ``actions``, built without any journal."""
    from pawtrack.game import resolve_options

    game = CountingGame(resolve_options(CountingGame, options), Rng(seed))
    for action in actions:
        game.apply(action)
    return game.state()


class FailingFiles(MemoryFiles):
    """Files that take no more records once ``failing`` is set, like a failing flash."""

    failing = False

    def write_at(self, name, offset, data):
        if data and self.failing:
            raise OSError(5, "flash failed")
        MemoryFiles.write_at(self, name, offset, data)


class MatchTest(unittest.TestCase):
    def test_options_are_completed_and_checked(self):
        match = new_match({"target": 10}, 3)
        self.assertEqual(match.options, {"players": 2, "target": 10})
        with self.assertRaises(ValueError):
            new_match({"target": 11}, 3)
        with self.assertRaises(ValueError):
            new_match({"colour": "red"}, 3)

    def test_replay_gives_the_same_state_at_every_step(self):
        match = new_match({"players": 3}, 99)
        snapshots, actions = play(match, 80)
        for count in range(len(actions) + 1):
            state = state_after({"players": 3}, 99, actions[:count])
            self.assertEqual(state, snapshots[count]["state"])

    def test_seed_decides_the_dice(self):
        rolls = []
        for seed in (1, 2, 3, 4):
            match = new_match(None, seed)
            values = []
            for _ in range(12):  # never stopping, so never winning
                values.append(match.act("roll")[0]["value"])
            rolls.append(values)
        self.assertNotEqual(rolls[0], rolls[1])
        self.assertEqual(len(set(tuple(r) for r in rolls)), 4)

    def test_undo_then_roll_again_gives_the_same_dice(self):
        match = new_match(None, 2024)
        play(match, 15)
        for _ in range(5):
            before = match.snapshot()
            events = match.act("roll")
            undo_events = match.undo()
            self.assertEqual(undo_events, [{"ev": "undo", "action": "roll"}])
            self.assertEqual(match.snapshot(), before)
            self.assertEqual(match.act("roll"), events)

    def test_undo_twice_and_redo(self):
        match = new_match(None, 8)
        snapshots, actions = play(match, 10)
        match.undo()
        match.undo()
        self.assertEqual(match.snapshot(), snapshots[-3])
        match.act(actions[-2])
        match.act(actions[-1])
        self.assertEqual(match.snapshot(), snapshots[-1])

    def test_nothing_to_undo(self):
        match = new_match(None, 8)
        with self.assertRaises(IllegalAction):
            match.undo()

    def test_the_rules_may_refuse_an_undo(self):
        class NoUndoAfterStop(CountingGame):
            def undo_refusal(self):
                return "no taking back a banked pot" if self.scores[0] else None

        journal = Journal(MemoryFiles(), FOLDER)
        match = Match.new(counting_game.ID, NoUndoAfterStop, None, 8, journal)
        while match.game.scores[0] == 0:
            match.act("stop" if match.game.rolled else "roll")
        before = match.snapshot()
        with self.assertRaises(IllegalAction) as caught:
            match.undo()
        self.assertEqual(str(caught.exception), "no taking back a banked pot")
        self.assertEqual(match.snapshot(), before)
        self.assertEqual(journal.moves, before["moves"])

    def test_illegal_action_changes_nothing(self):
        match = new_match(None, 8)
        before = match.snapshot()
        for action in ("stop", "jump", "", None, 3, "roll " * 100):
            with self.assertRaises(IllegalAction):
                match.act(action)
            self.assertEqual(match.snapshot(), before)
        # The rng was not touched either: the next roll is the one a fresh match makes.
        self.assertEqual(match.act("roll"), new_match(None, 8).act("roll"))

    def test_snapshot_shape(self):
        match = new_match(None, 0x1_0000_0005)
        match.act("roll")
        snap = match.snapshot()
        self.assertEqual(snap["game"], "counting")
        self.assertEqual(snap["seed"], 5)  # seeds are 32-bit
        self.assertEqual(snap["moves"], 1)
        self.assertEqual(snap["recent"], ["roll"])
        self.assertEqual(snap["state"]["over"], False)

    def test_recent_keeps_the_last_few_actions_through_undo(self):
        match = new_match(None, 3)
        snapshots, actions = play(match, 30)
        match.undo()
        self.assertEqual(match.recent, actions[:-1][-8:])
        self.assertEqual(match.moves, len(actions) - 1)

    def test_actions_reads_a_window_back_from_the_journal(self):
        match = new_match(None, 3)
        _, actions = play(match, 40, undo_every=6)
        self.assertEqual(match.actions(0, 1000), actions)
        self.assertEqual(match.actions(5, 7), actions[5:12])

    def test_game_ends_and_offers_no_more_actions(self):
        match = new_match({"target": 10}, 12)
        play(match, 500)
        self.assertTrue(match.is_over())
        self.assertEqual(match.game.legal_actions(), [])
        self.assertIsNotNone(match.snapshot()["state"]["result"])
        self.assertEqual(match.status(), (True, match.game.summary()))
        with self.assertRaises(IllegalAction):
            match.act("roll")


class JournalledMatchTest(unittest.TestCase):
    def setUp(self):
        self.files = MemoryFiles()

    def journal(self):
        return Journal(self.files, FOLDER)

    def resume(self):
        return Match.resume(self.journal(), find_rules)

    def test_resume_gives_the_same_match(self):
        match = new_match({"players": 3}, 77, self.files)
        play(match, 60, undo_every=7)
        resumed, message = self.resume()
        self.assertIsNone(message)
        self.assertEqual(resumed.snapshot(), match.snapshot())

    def test_resumed_match_goes_on_journalling(self):
        match = new_match(None, 77, self.files)
        play(match, 10)
        resumed, _ = self.resume()
        play(resumed, 10, chooser_seed=6, undo_every=3)
        again, _ = self.resume()
        self.assertEqual(again.snapshot(), resumed.snapshot())

    def test_every_prefix_resumes_to_its_own_state(self):
        match = new_match({"players": 3, "target": 100}, 5, self.files)
        chooser = Rng(1)
        for step in range(120):
            if match.is_over():
                break
            if step % 4 == 3:
                match.undo()
            else:
                match.act(chooser.choice(match.game.legal_actions()))
            resumed, message = self.resume()
            self.assertIsNone(message)
            self.assertEqual(resumed.snapshot(), match.snapshot(), "step %d" % step)

    def test_illegal_action_writes_nothing(self):
        match = new_match(None, 5, self.files)
        match.act("roll")
        before = {name: bytes(data) for name, data in self.files.files.items()}
        with self.assertRaises(IllegalAction):
            match.act("fly")
        after = {name: bytes(data) for name, data in self.files.files.items()}
        self.assertEqual(after, before)

    def test_failed_journal_write_leaves_the_match_as_it_was(self):
        files = FailingFiles()
        match = new_match(None, 5, files)
        files.failing = True
        before = match.snapshot()
        with self.assertRaises(OSError):
            match.act("roll")
        self.assertEqual(match.snapshot(), before)
        with self.assertRaises(OSError):
            match.act("roll")
        self.assertEqual(match.snapshot(), before)

    def test_failed_undo_write_leaves_the_match_as_it_was(self):
        match = new_match(None, 5, self.files)
        play(match, 5)
        before = match.snapshot()
        real_write_at = self.files.write_at

        def failing(name, offset, data):
            raise OSError(5, "flash failed")

        self.files.write_at = failing
        with self.assertRaises(OSError):
            match.undo()
        self.assertEqual(match.snapshot(), before)
        self.files.write_at = real_write_at
        match.undo()
        resumed, _ = self.resume()
        self.assertEqual(resumed.snapshot(), match.snapshot())

    def test_new_game_replaces_the_saved_one(self):
        match = new_match(None, 5, self.files)
        play(match, 40)
        fresh = new_match({"target": 30}, 6, self.files)
        resumed, _ = self.resume()
        self.assertEqual(resumed.snapshot(), fresh.snapshot())
        self.assertEqual(resumed.moves, 0)

    def test_no_journal_no_match(self):
        self.assertEqual(self.resume(), (None, None))

    def test_unknown_game_is_set_aside(self):
        journal = self.journal()
        journal.start("chess", {}, 1, (False, ""))
        journal.append_action("e4")
        self.assertEqual(self.resume(), (None, UNKNOWN_GAME))
        self.assertFalse(self.files.exists(FOLDER + "/head"))
        self.assertTrue(self.files.exists(FOLDER + "/head.bad"))

    def test_an_action_the_rules_refuse_ends_the_trusted_actions(self):
        journal = self.journal()
        journal.start("counting", {"players": 2, "target": 20}, 1, (False, ""))
        for action in ("roll", " roll", "roll"):  # the second is not one of legal
            journal.append_action(action)
        match, message = self.resume()
        self.assertEqual(message, LOST % 1)
        self.assertEqual(match.actions(0, 10), ["roll"])
        match.act("roll")  # the match goes on in a copy of what was kept
        again, message = self.resume()
        self.assertIsNone(message)
        self.assertEqual(again.snapshot(), match.snapshot())

    def test_options_the_rules_refuse_are_set_aside(self):
        self.journal().start("counting", {"players": 9}, 1, (False, ""))
        self.assertEqual(self.resume(), (None, RULES_CHANGED))

    def test_a_head_that_is_no_head_is_set_aside(self):
        self.files.mkdir("saves")
        self.files.mkdir(FOLDER)
        for data in (b"[1, 2]", b"{", b"[" * 1000, b'{"game": "counting"}'):
            safe_write(self.files, FOLDER + "/head", data)
            match, message = self.resume()
            self.assertIsNone(match)
            self.assertEqual(message, "Saved game damaged; set aside.")
            self.assertFalse(self.files.exists(FOLDER + "/head"))

    def test_status_while_playing_and_after_the_end(self):
        match = new_match({"target": 10}, 12, self.files)
        play(match, 4)
        journal = self.journal()
        journal.load_head()
        self.assertEqual(journal.peek_status(), (False, match.game.summary()))
        play(match, 500)
        self.assertTrue(match.is_over())
        journal.load_head()
        self.assertEqual(journal.peek_status(), (True, match.game.summary()))
        # The finished match is kept so its result can still be shown.
        finished, message = self.resume()
        self.assertIsNone(message)
        self.assertEqual(finished.snapshot(), match.snapshot())


class MatchOnRealFilesTest(unittest.TestCase):
    """The same journal over the interpreter's own filesystem (LittleFS on the device)."""

    def setUp(self):
        self.folder = make_scratch_dir("pawtrack-match")
        self.files = OsFiles(self.folder)
        self.files.mkdir("saves")

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def test_a_long_match_with_undos_resumes(self):
        match = new_match({"players": 3, "target": 100}, 41, self.files)
        play(match, 300, undo_every=9)
        resumed, message = Match.resume(Journal(self.files, FOLDER), find_rules)
        self.assertIsNone(message)
        self.assertEqual(resumed.snapshot(), match.snapshot())


if __name__ == "__main__":
    unittest.main()


class SessionTidyTest(unittest.TestCase):
    """The session hands the journal's flash work (making its next log) to ``later`` (the
    app runs it once the screen is still) when the log in use fills up, so no press
    waits for it."""

    def play_until(self, session, enough):
        """Acts and undos (so the game never ends) until enough(); the live actions."""
        chooser = Rng(9)
        live = []
        step = 0
        while not enough():
            step += 1
            if step % 3 == 0 and live:
                session.undo()
                live.pop()
                continue
            action = chooser.choice(session.match.game.legal_actions())
            session.act(action)
            live.append(action)
        return live

    def test_the_next_log_is_handed_on_and_made_there(self):
        from pawtrack.session import Session

        jobs = []
        session = Session(MemoryFiles(), [], lambda event: None, later=jobs.append)
        session.match = new_match({"target": 100})
        journal = session.match.journal
        journal.tidy()
        live = self.play_until(session, journal.needs_tidy)
        # asked for (also every few actions before: undo's base in RAM moves on)
        self.assertEqual(set(jobs), {session.tidy})
        logs = [name for name in journal.files.listdir(FOLDER) if ".l" in name]
        self.assertEqual(logs, ["1.l0"])  # nothing made in the presses
        jobs.pop()()
        self.assertFalse(journal.needs_tidy())
        logs = [name for name in journal.files.listdir(FOLDER) if ".l" in name]
        self.assertEqual(sorted(logs), ["1.l0", "1.l1"])
        again = Journal(journal.files, FOLDER)
        again.load_head()
        replayed = []
        again.replay(replayed.append)
        self.assertEqual(replayed, live)

    def test_without_later_the_append_makes_the_next_log_itself(self):
        from pawtrack.session import Session

        session = Session(MemoryFiles(), [], lambda event: None)
        session.match = new_match({"target": 100})
        journal = session.match.journal
        live = self.play_until(session, lambda: journal.log > 0)
        self.assertEqual(session.match.moves, len(live))
