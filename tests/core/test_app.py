"""The app loop: notices at boot, redraw only on change, a failing screen does not stop it."""

import unittest

from app_kit import game_app, hold, home_app, run_for
from recording_hal import make_hal
from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack import games
from pawtrack.buttons import SHORT
from pawtrack.gfx.canvas import Canvas
from pawtrack.saves import Saves
from pawtrack.ui import widgets
from pawtrack.ui.app import App
from pawtrack.ui.choices import ChoiceScreen
from pawtrack.ui.loop import HOLD_HINT_Y, hold_hint
from pawtrack.ui.screen import Screen


def pixel(picture, x, y):
    return picture[(y >> 3) * 128 + x] >> (y & 7) & 1


class Exploding(Screen):
    def button(self, name, kind):
        raise ValueError("boom")


class AppTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("app")

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def test_hardware_problem_is_shown_when_the_screen_works(self):
        hal = make_hal(self.folder)
        hal.problems = ["no LED strip answers"]
        app = App(hal, games.catalog())
        self.assertEqual(type(app.screen).__name__, "MessageScreen")

    def test_no_note_when_the_screen_itself_is_missing(self):
        hal = make_hal(self.folder)
        hal.problems = ["no OLED at 0x3C"]
        hal.display.working = False
        app = App(hal, games.catalog())
        self.assertEqual(type(app.screen).__name__, "HomeScreen")

    def test_redraws_only_after_a_change(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        app.step(0)
        shown = hal.display.shown
        for now in range(5, 100, 5):
            app.step(now)
        self.assertEqual(hal.display.shown, shown)
        frames = app.frames
        app.press("right", SHORT)  # the highlight bar flips at once, then the picture
        app.step(105)
        self.assertEqual(app.frames, frames + 1)
        self.assertEqual(hal.display.shown, shown + 2)

    def test_a_highlight_move_shows_the_bar_on_its_new_row_at_once(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        app.step(0)
        shown = []
        hal.display.show = lambda: shown.append(bytes(hal.display.buffer))
        app.press("right", SHORT)  # Mmm! (row 0) -> Mouse Chaos (row 1)
        flipped = shown[0]  # what the panel got before the menu handled the press
        app.step(5)
        answer = shown[-1]
        bar = widgets.SCREEN_W - 4  # the bar's columns: all but the scroll bar's
        for y in range(12, 31):  # rows 0 and 1 (y 12-20, 22-30), the gap between them
            for x in range(10, bar):  # right of the arrow, which follows with the picture
                self.assertEqual(pixel(flipped, x, y), pixel(answer, x, y), (x, y))
        self.assertNotEqual(flipped, answer)  # the arrow moved with the picture

    def test_no_flip_when_the_next_row_is_not_on_screen(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        app.step(0)
        app.press("left", SHORT)  # first row -> the last: the list scrolls
        self.assertNotIn("left", app.canvas.pressable)
        app.step(5)
        self.assertNotIn("right", app.canvas.pressable)  # the last row: right wraps
        self.assertIn("left", app.canvas.pressable)

    def test_the_devices_idle_work_runs_once_the_screen_is_still(self):
        hal = make_hal(self.folder)
        idles = []
        hal.idle = lambda: idles.append(True)
        app = App(hal, games.catalog())
        app.step(0)
        app.step(15)
        self.assertEqual(idles, [])  # just drawn: someone may press again
        app.step(20)
        self.assertEqual(len(idles), 1)
        for now in range(25, 300, 5):
            app.step(now)
        self.assertEqual(len(idles), 1)  # nothing changed, no idle work
        app.press("right", SHORT)
        app.step(305)
        app.step(320)
        self.assertEqual(len(idles), 1)
        app.step(325)
        self.assertEqual(len(idles), 2)

    def test_still_jobs_run_one_per_pass_and_not_between_an_animations_frames(self):
        hal = make_hal(self.folder)
        done = []
        hal.idle = lambda: done.append("idle")
        app = App(hal, games.catalog())
        app.step(0)
        frames = [0, 60, 120]  # an animation: a frame every 60 ms, then still

        def tick(now):
            return bool(frames) and now >= frames[0] and frames.pop(0) is not None

        app.screen.tick = tick
        app.when_still(lambda: done.append("first"))
        app.when_still(lambda: done.append("second"))
        for now in range(5, 200, 5):
            app.step(now)
        self.assertEqual(done, [])  # 80 ms have not passed since the last frame (120)
        app.step(200)
        self.assertEqual(done, ["first"])  # one job a pass: a press waits for one at most
        app.step(205)
        app.step(210)
        self.assertEqual(done, ["first", "second", "idle"])

    def test_a_job_in_pieces_runs_one_piece_a_pass_and_none_while_a_button_is_down(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        app.step(0)
        done = []

        def pieces():
            for piece in ("a", "b", "c"):
                done.append(piece)
                yield

        app.when_still(pieces)
        app.when_still(lambda: done.append("after"))
        app.step(30)
        self.assertEqual(done, ["a"])
        hal.buttons.levels[2] = True  # right goes down: no piece until it is let go
        for now in range(35, 100, 5):
            app.step(now)
        self.assertEqual(done, ["a"])
        hal.buttons.levels[2] = False
        app.step(100)  # the release: its answer, then still again
        app.step(130)
        self.assertEqual(done, ["a", "b"])
        app.finish_still_work()  # a switch: what is left, whole
        self.assertEqual(done, ["a", "b", "c", "after"])
        self.assertEqual(app.still_jobs, [])

    def test_the_menus_order_is_known_at_once_and_written_once_still(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        session = app.session
        session.start(session.find("chop"), None, 3)
        self.assertEqual(session.saves.order()[0], "chop")  # the next command sees it
        self.assertFalse(hal.files.exists("saves/order"))  # not written in the press
        app.finish_still_work()
        self.assertTrue(hal.files.exists("saves/order"))
        self.assertEqual(Saves(hal.files).order()[0], "chop")

    def test_a_screen_that_raises_becomes_a_message(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        events = []
        app.listeners.append(events.append)
        app.push(Exploding(app))
        app.press("ok", SHORT)
        self.assertEqual(type(app.screen).__name__, "MessageScreen")
        self.assertEqual(events[0]["ev"], "error")
        self.assertTrue("boom" in events[0]["reason"])

    def test_leds_written_only_when_they_change(self):
        hal = make_hal(self.folder)
        app = App(hal, games.catalog())
        app.step(0)
        self.assertEqual(hal.leds.writes, [[(0, 0, 0)] * 12])  # the menu: all dark, once
        app.press("right", SHORT)
        app.step(5)
        self.assertEqual(len(hal.leds.writes), 1)  # redrawn, the LEDs unchanged: not written
        app.press("left", SHORT)
        app.press("left", SHORT)  # Settings
        app.press("ok", SHORT)  # the brightness row lights the whole strip white
        app.step(10)
        # white scaled by the board's cap (200) times brightness 3 of 5 (153 of 255): 120
        self.assertEqual(hal.leds.writes[1:], [[(120, 120, 120)] * 12])
        app.press("ok", SHORT)  # brightness 4 of 5 (204 of 255): 160
        app.step(15)
        self.assertEqual(hal.leds.writes[2:], [[(160, 160, 160)] * 12])
        app.press("right", SHORT)  # off the brightness row: dark again
        app.step(20)
        self.assertEqual(hal.leds.writes[3:], [[(0, 0, 0)] * 12])
        app.step(25)
        self.assertEqual(len(hal.leds.writes), 4)


class ThreeButtonTest(unittest.TestCase):
    """Without a back button, holding left is back, and holding it on is undo."""

    def setUp(self):
        self.folder = make_scratch_dir("three")
        self.hal = make_hal(self.folder, buttons=("left", "ok", "right"))
        self.app = App(self.hal, games.catalog())
        self.seen = []
        self.probe = Recorder(self.app, self.seen)
        self.app.push(self.probe)

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def hold_left(self, ms):
        clock = self.hal.clock
        self.hal.buttons.levels[0] = True
        for _ in range(ms // 5):
            clock.now += 5
            self.app.step(clock.now)
        self.hal.buttons.levels[0] = False
        for _ in range(20):
            clock.now += 5
            self.app.step(clock.now)

    def test_a_tap_is_left(self):
        self.hold_left(80)
        self.assertEqual(self.seen, [("left", "short")])

    def test_holding_and_letting_go_is_back(self):
        self.hold_left(800)
        self.assertEqual(self.seen, [("back", "short")])

    def test_holding_on_is_a_long_back(self):
        self.hold_left(2000)
        self.assertEqual(self.seen, [("back", "long")])

    def test_protocol_long_left_is_back(self):
        self.app.press("left", "long")
        self.app.step(self.hal.clock.now)
        self.assertEqual(self.seen, [("back", "short")])


class Recorder(Screen):
    def __init__(self, app, seen):
        Screen.__init__(self, app)
        self.seen = seen

    def button(self, name, kind):
        self.seen.append((name, kind))
        return False


class BackHeldOnATable(unittest.TestCase):
    """While back is held on a game's table, its bottom row says that holding on undoes;
    let go early, it was a plain back (to the menu); menus show nothing."""

    def bottom_row_text(self, app):
        return [app.canvas.pixel(x, HOLD_HINT_Y + 3) for x in range(128)]

    def test_the_table_says_what_holding_back_does(self):
        app = game_app("chop", seed=3)
        app.step()
        before = self.bottom_row_text(app)
        back = app.hal.buttons.names.index("back")
        app.hal.buttons.levels[back] = True
        run_for(app, 200)  # held, not yet long
        app.render()
        expected = Canvas(128, 64)
        hold_hint(expected, ChoiceScreen.HOLD_BACK)
        self.assertEqual(self.bottom_row_text(app), [expected.pixel(x, HOLD_HINT_Y + 3)
                                                     for x in range(128)])
        app.hal.buttons.levels[back] = False
        run_for(app, 50)
        self.assertEqual(app.homes, 1)  # a short back: the menu, as ever
        self.assertNotEqual(before, self.bottom_row_text(app))

    def test_held_past_the_long_time_it_undoes(self):
        app = game_app("chop", seed=3)
        app.session.act(app.session.match.game.legal_actions()[0])
        moves = app.session.match.moves
        hold(app, "back", 700)
        self.assertEqual(app.session.match.moves, moves - 1)
        self.assertFalse(app.back_held_shown)

    def test_menus_show_no_hint(self):
        app = home_app()
        back = app.hal.buttons.names.index("back")
        app.hal.buttons.levels[back] = True
        run_for(app, 200)
        self.assertFalse(app.back_held_shown)
