"""The Mmm! history on flash: once per finished game, through undo, resume and power cuts.

Games are driven over the serial protocol (the path most likely to count a
game twice) on the real App with files in a scratch folder; a "power cut" is
a new App on the same folder. Runs on both interpreters.
"""

import json
import unittest

from recording_hal import make_hal
from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack import files as file_io
from pawtrack import games
from pawtrack.games import mmm
from pawtrack.games.mmm import history, history_page
from pawtrack.games.mmm.chart import History
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App

LITE = {"level": "lite"}


class Device:
    """An App with the protocol on a folder that plays the flash."""

    def __init__(self, folder):
        self.app = App(make_hal(folder), games.catalog())
        self.app.step()
        self.out = []
        self.protocol = Protocol(self.app, self.out.append, board_name="test")

    def send(self, command):
        before = len(self.out)
        self.protocol.feed((json.dumps(command) + "\n").encode())
        self.app.finish_still_work()  # the screen goes still: the history is written
        return [json.loads(text) for text in self.out[before:]]

    def act(self, action):
        events = self.send({"cmd": "act", "action": action})
        if events[-1]["ev"] != "done":
            raise AssertionError("refused %r: %r" % (action, events))
        return events

    def legal(self):
        return self.app.session.match.game.legal_actions()

    def game(self):
        return self.app.session.match.game

    def lite_win(self):
        """Lite: place what the first roll allows, stop, item done, food gone: d = track."""
        while not self.game().is_over():
            legal = self.legal()
            phase = self.game().phase
            if phase == "report":
                self.act(legal[-2])  # the most dice placed
            elif phase == "decide":
                self.act("stop")
            elif phase in ("item", "food"):
                self.act(phase + " yes")
            else:
                self.act(legal[0])

    def lite_loss(self, left=3):
        """Lite: every roll placed nothing, the cat walks in; ``left`` pieces left."""
        while self.game().phase != "left":
            self.act("roll" if self.game().phase == "roll" else "none")
        self.act("left %d" % left)


def stored(folder):
    """The History on flash (None if there is none)."""
    data, message = file_io.safe_read(file_io.OsFiles(folder), history.PATH)
    if data is None:
        return None
    return History.from_json(data.decode())


class HistoryKeeperTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("mmmhist")
        self.device = Device(self.folder)

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def new(self, options=LITE, seed=7):
        self.device.send({"cmd": "new", "game": "mmm", "seed": seed, "options": options})

    def test_a_finished_game_counts_once(self):
        self.new()
        self.assertEqual(stored(self.folder), None)
        self.device.lite_win()
        self.assertEqual(stored(self.folder).wins, {"s1-normal": 1})
        for _ in range(3):  # looking at it again counts nothing
            self.device.send({"cmd": "state"})
            self.device.app.step()
        self.assertEqual(stored(self.folder).games(), 1)

    def test_undo_after_the_end_takes_the_game_back(self):
        self.new()
        self.device.lite_win()
        self.assertEqual(self.device.app.session.match.recent[-2:], ["item yes", "food yes"])
        self.device.send({"cmd": "undo"})
        self.assertEqual(stored(self.folder).games(), 0)
        self.device.send({"cmd": "undo"})  # a second undo leaves the history alone
        self.assertEqual(stored(self.folder).games(), 0)
        self.device.act("item yes")
        self.device.act("food yes")
        self.assertEqual(stored(self.folder).wins, {"s1-normal": 1})
        self.assertEqual(stored(self.folder).losses, {})

    def test_undo_to_a_different_ending_replaces_the_result(self):
        self.new()
        self.device.lite_loss(left=3)
        self.assertEqual(stored(self.folder).last["pieces_left"], 3)
        self.device.send({"cmd": "undo"})
        self.device.act("left 1")
        history_now = stored(self.folder)
        self.assertEqual(history_now.losses, {"s1-normal": 1})
        self.assertEqual(history_now.last["pieces_left"], 1)

    def test_power_cut_after_the_end_then_resume_and_undo(self):
        self.new()
        self.device.lite_win()
        self.device = Device(self.folder)  # power cut
        resumed = self.device.send({"cmd": "resume"})
        self.assertTrue(resumed[-1]["over"])
        self.assertEqual(stored(self.folder).games(), 1)  # replay counts nothing
        self.assertEqual(type(self.device.app.screen).__name__, "MmmScreen")
        last = self.device.app.session.match.recent[-1]
        self.device.send({"cmd": "undo"})
        self.assertEqual(stored(self.folder).games(), 0)
        self.device.act(last)
        self.assertEqual(stored(self.folder).games(), 1)

    def test_power_cut_mid_game_counts_the_game_once(self):
        self.new()
        self.device.act("roll")
        self.device = Device(self.folder)
        self.device.send({"cmd": "resume"})
        self.device.lite_win()
        self.assertEqual(stored(self.folder).games(), 1)

    def test_two_games_with_the_same_seed_count_twice(self):
        # The simulator counts its seeds from 1 after every start: equal keys
        # are two games, not one.
        self.new(seed=1)
        self.device.lite_win()
        self.device = Device(self.folder)
        self.new(seed=1)
        self.device.lite_win()
        self.assertEqual(stored(self.folder).wins, {"s1-normal": 2})

    def test_mice_of_legend_survives_a_power_cycle(self):
        self.new()
        self.device.lite_win()  # distance 11
        self.assertEqual(stored(self.folder).streak, 1)
        self.device = Device(self.folder)
        self.new(seed=8)
        self.device.lite_win()
        kept = stored(self.folder)
        self.assertEqual((kept.streak, kept.legends), (2, 1))
        self.assertTrue(kept.last["legend"])
        lines = self.device.app.screen.text_lines()
        self.assertEqual(lines[3], "MICE OF LEGEND!")

    def test_streak_needs_the_same_side(self):
        self.new()
        self.device.lite_win()
        self.new({"level": "lite", "side": 2}, seed=8)
        self.device.lite_win()
        kept = stored(self.folder)
        self.assertEqual((kept.streak, kept.legends), (1, 0))
        self.assertEqual(kept.wins, {"s1-normal": 1, "s2-normal": 1})

    def test_a_loss_breaks_the_streak_on_flash(self):
        self.new()
        self.device.lite_win()
        self.new(seed=8)
        self.device.lite_loss()
        self.new(seed=9)
        self.device.lite_win()
        self.assertEqual(stored(self.folder).legends, 0)

    def test_other_games_leave_the_history_alone(self):
        self.new()
        self.device.lite_win()
        self.device.send({"cmd": "new", "game": "chop", "seed": 2})
        for _ in range(5):
            self.device.send({"cmd": "act", "action": self.device.legal()[0]})
        self.device.send({"cmd": "undo"})
        self.assertEqual(stored(self.folder).games(), 1)

    def test_one_keeper_per_app(self):
        self.new()
        self.new(seed=8)
        ears = [x for x in self.device.app.session.listeners if isinstance(x, mmm.ResultsListener)]
        self.assertEqual(len(ears), 1)
        self.assertIs(history.attach(self.device.app), ears[0].keeper())

    def test_the_history_loads_only_at_an_end_or_an_undo(self):
        self.new()
        ear = mmm.results(self.device.app)
        for _ in range(4):
            self.device.act(self.device.legal()[0])
        self.assertIsNone(ear.loaded)  # play does not need history.py or the file
        self.device.send({"cmd": "undo"})
        self.assertIsNotNone(ear.loaded)
        self.assertEqual(stored(self.folder), None)  # the undo took no game back

    def test_damaged_file_is_set_aside(self):
        files = file_io.OsFiles(self.folder)
        file_io.safe_write(files, history.PATH, b'{"game": "chop"}')
        self.new()
        keeper = history.attach(self.device.app)
        self.assertEqual(keeper.notice, history.DAMAGED)
        self.assertTrue(files.exists(history.PATH + ".bad"))
        self.device.lite_win()
        self.assertEqual(stored(self.folder).games(), 1)

    def test_failed_write_keeps_playing_and_says_so(self):
        self.new()
        app = self.device.app

        class FullFlash(file_io.OsFiles):
            def open(self, name, mode):
                if "w" in mode and name.startswith(history.PATH):
                    raise OSError(28)
                return file_io.OsFiles.open(self, name, mode)

        app.files = FullFlash(self.folder)
        self.device.lite_win()
        keeper = history.attach(app)
        self.assertEqual(keeper.notice, history.NOT_SAVED)
        self.assertEqual(keeper.history.games(), 1)
        self.assertEqual(stored(self.folder), None)
        self.assertIn(history.NOT_SAVED, app.screen.text_lines())

    def test_wins_since_power_on(self):
        self.new()
        self.device.lite_win()
        self.new(seed=8)
        self.device.lite_loss()
        keeper = history.attach(self.device.app)
        self.assertEqual((keeper.wins, keeper.games), (1, 2))
        self.device.send({"cmd": "undo"})
        self.assertEqual((keeper.wins, keeper.games), (1, 1))
        self.device = Device(self.folder)
        self.device.send({"cmd": "resume"})
        keeper = history.attach(self.device.app)
        self.assertEqual((keeper.wins, keeper.games), (0, 0))
        self.assertEqual(keeper.history.games(), 1)

    def test_history_page_lines(self):
        self.new({"level": "lite", "side": 2, "variant": "line"})
        self.device.lite_win()
        self.new(seed=8)
        self.device.lite_loss()
        lines = history_page.history_lines(history.attach(self.device.app))
        self.assertEqual(
            lines,
            [
                "Side 1        0    1",
                "Side 1 line   0    0",
                "Side 2        0    0",
                "Side 2 line   1    0",
                "streak 0  legends 0",
                "since on: 1 of 2 won",
            ],
        )
