"""One game per boot (pawtrack.hal.launcher): the switch between the main menu and a game
goes through the launch record, here in one process as on the host, and a device's boot
made from a record opens what it names (both interpreters)."""

import json
import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.gfx.canvas import Canvas
from pawtrack.hal.launcher import RECORD, Launcher, Switch
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App
from pawtrack.ui.loop import HOLD_HINT_Y, LEAVING_NOTE, hold_hint


def play_to_a_win(app):
    """Mmm! lite: place what each roll allows, stop, say each item and food is done."""
    game = app.session.match.game
    while not game.is_over():
        legal = game.legal_actions()
        if game.phase == "report":
            action = legal[-2]  # the most dice placed
        elif game.phase == "decide":
            action = "stop"
        elif game.phase in ("item", "food"):
            action = game.phase + " yes"
        else:
            action = legal[0]
        app.session.act(action)
        game = app.session.match.game


def names(app):
    return [type(screen).__name__ for screen in app.screens]


class Restarted(Exception):
    pass


class DeviceLauncher(Launcher):
    """A device's launcher whose restart stops the test where the device would reset."""

    def __init__(self, files):
        Launcher.__init__(self, files, self.reset)

    def reset(self):
        raise Restarted()


class OneProcessTest(unittest.TestCase):
    def test_a_match_has_its_own_boot_and_leaving_it_is_the_menus(self):
        app = App(make_hal(), games.catalog())
        self.assertEqual(names(app), ["HomeScreen"])
        app.press("right")
        app.press("right")
        self.assertEqual(app.screen.entries()[app.screen.selected], "Cat & Mouse")
        app.press("ok")
        self.assertEqual(names(app), ["HomeScreen", "GameSetupScreen"])
        app.start_match(games.find("chop"), {}, 5)
        self.assertEqual(names(app), ["ChopScreen"])  # no menu under the match
        self.assertEqual(app.boot_game, "chop")
        self.assertFalse(app.files.exists(RECORD))  # taken by the new boot
        app.home()
        self.assertEqual(names(app), ["HomeScreen"])
        self.assertIsNone(app.boot_game)
        self.assertIsNone(app.session.match)
        # Back on the item the player left, with the Resume row read from flash.
        self.assertEqual(app.screen.entries()[app.screen.selected], "Cat & Mouse")
        self.assertTrue("Resume Cat & Mouse" in app.screen.entries())

    def test_back_from_a_games_options_is_a_new_menu_boot_on_its_row(self):
        app = App(make_hal(), games.catalog())
        app.screen.selected = app.screen.entries().index("Om Nom Nom")
        app.press("ok")
        self.assertEqual(names(app), ["HomeScreen", "GameSetupScreen"])
        app.press("right")
        app.press("back")
        self.assertEqual(names(app), ["HomeScreen"])
        self.assertEqual(app.record["open"], "menu")  # a switch, not a pop
        self.assertEqual(app.screen.entries()[app.screen.selected], "Om Nom Nom")
        record = app.record
        app.screen.selected = app.screen.entries().index("Settings")
        app.press("ok")  # the Settings page is the menu's own: back from it is a pop
        self.assertEqual(names(app), ["HomeScreen", "SettingsScreen"])
        app.press("back")
        self.assertEqual(names(app), ["HomeScreen"])
        self.assertIs(app.record, record)

    def test_every_match_is_a_new_boot(self):
        app = App(make_hal(), games.catalog())
        app.start_match(games.find("chop"), {}, 5)
        first = app.session
        app.session.act("roll")
        app.start_match(games.find("chop"), {}, 6)  # a second match of the same game
        self.assertIsNot(app.session, first)
        self.assertEqual(app.session.match.seed, 6)
        match, _ = app.resume_match("chop")
        self.assertEqual(match.seed, 6)
        self.assertEqual(names(app), ["ChopScreen"])

    def test_bad_options_are_refused_before_the_switch(self):
        app = App(make_hal(), games.catalog())
        with self.assertRaises(ValueError):
            app.start_match(games.find("chop"), {"players": 9}, 5)
        self.assertEqual(names(app), ["HomeScreen"])
        self.assertIsNone(app.boot_game)

    def test_resume_without_a_save_stays_at_the_menu(self):
        app = App(make_hal(), games.catalog())
        self.assertEqual(app.resume_match("mmm"), (None, None))
        self.assertEqual(names(app), ["HomeScreen"])

    def test_the_dice_tools_bags_outlive_a_match(self):
        app = App(make_hal(), games.catalog())
        app.screen.selected = app.screen.entries().index("Dice & bag")
        app.press("ok")
        tool = app.screen.tool
        tool.draw("numbers")
        tool.draw("numbers")
        before = tool.state()
        app.press("back")
        app.start_match(games.find("chop"), {}, 5)
        app.home()
        self.assertEqual(app.screen.entries()[app.screen.selected], "Dice & bag")
        app.press("ok")
        self.assertEqual(app.screen.tool.state(), before)
        # The same draws follow as if the tool had stayed in memory.
        self.assertEqual(app.screen.tool.rng.state, tool.rng.state)

    def test_wins_since_power_on_outlive_another_game(self):
        app = App(make_hal(), games.catalog())
        lite = {"level": "lite"}
        app.start_match(games.find("mmm"), lite, 7)
        play_to_a_win(app)
        app.start_match(games.find("chop"), {}, 2)
        app.start_match(games.find("mmm"), lite, 8)
        play_to_a_win(app)
        from pawtrack.games.mmm import results

        keeper = results(app).keeper()
        self.assertEqual((keeper.wins, keeper.games), (2, 2))
        self.assertEqual(len(app.session.listeners), 1)

    def test_remembered_options_are_written_by_the_games_boot(self):
        app = App(make_hal(), games.catalog())
        app.start_match(games.find("chop"), {"players": 4}, 5, remember=True)
        self.assertEqual(app.settings.game_options("chop")["players"], 4)
        app.home()  # the still jobs run before a switch
        self.assertEqual(app.settings.game_options("chop")["players"], 4)


class DeviceBootTest(unittest.TestCase):
    def device_hal(self, files=None):
        hal = make_hal()
        if files is not None:
            hal.files = files
        hal.launcher = DeviceLauncher(hal.files)
        return hal

    def switch_record(self, app, action):
        """What a device's switch leaves on flash: the record its restart would read."""
        with self.assertRaises(Switch) as caught:
            action()
        with self.assertRaises(Restarted):
            app.hal.launcher.restart_with(caught.exception.record)
        return caught.exception.record

    def test_a_record_opens_one_boot_at_most(self):
        hal = self.device_hal()
        app = App(hal, games.catalog())
        self.switch_record(app, lambda: app.start_match(games.find("chop"), {}, 5))
        record = hal.launcher.take()
        self.assertEqual((record["open"], record["game"], record["seed"]), ("new", "chop", 5))
        self.assertIsNone(hal.launcher.take())  # gone: the next power-on is the menu
        booted = App(self.device_hal(hal.files), games.catalog(), record=record)
        self.assertEqual(names(booted), ["ChopScreen"])
        self.assertEqual(booted.session.match.seed, 5)

    def test_a_damaged_record_boots_the_menu(self):
        hal = self.device_hal()
        for data in (b'{"open": "new", "ga', b"[1, 2]", b"\xff", b""):
            f = hal.files.open(RECORD, "wb")
            f.write(data)
            f.close()
            record = hal.launcher.take()
            self.assertIsNone(record)
            self.assertFalse(hal.files.exists(RECORD))
        stale = {"open": "resume", "game": "no_such_game"}
        app = App(hal, games.catalog(), record=stale)
        self.assertEqual(names(app), ["HomeScreen"])

    def test_a_protocol_new_is_answered_by_the_next_boot_with_its_id(self):
        hal = self.device_hal()
        app = App(hal, games.catalog())
        sent = []
        protocol = Protocol(app, sent.append)
        line = b'{"cmd": "new", "game": "chop", "seed": 3, "id": 9}\n{"cmd": "state"'
        with self.assertRaises(Switch) as caught:
            protocol.feed(line)
        record = caught.exception.record
        protocol.carry_over(record)
        self.assertEqual(sent, [])  # nothing answered before the switch
        self.assertTrue(record["replay"])
        # The next boot: the same line done again, then what followed it.
        booted = App(self.device_hal(hal.files), games.catalog(), defer_boot=True, record=record)
        again = []
        protocol = Protocol(booted, again.append)
        booted.finish_boot()
        self.assertEqual(booted.screens, [])  # the replay opens the match
        protocol.answer_carried(record)
        events = [json.loads(text) for text in again]
        self.assertEqual([e["ev"] for e in events], ["new", "started"])
        self.assertEqual((events[1]["id"], events[1]["seed"]), (9, 3))
        protocol.feed(b"}\n")
        self.assertEqual(json.loads(again[-1])["ev"], "state")
        self.assertEqual(names(booted), ["ChopScreen"])

    def test_a_press_that_switches_is_answered_once_by_the_next_boot(self):
        hal = self.device_hal()
        app = App(hal, games.catalog())
        sent = []
        protocol = Protocol(app, sent.append)
        app.screen.selected = app.screen.entries().index("Cat & Mouse")
        protocol.feed(b'{"cmd": "press", "button": "ok", "id": 1}\n')
        self.assertEqual(names(app), ["HomeScreen", "GameSetupScreen"])
        app.screen.selected = len(app.screen.entries()) - 1  # Start
        with self.assertRaises(Switch) as caught:
            protocol.feed(b'{"cmd": "press", "button": "ok", "id": 2}\n')
        record = caught.exception.record
        protocol.carry_over(record)
        self.assertFalse(record.get("replay"))
        booted = App(self.device_hal(hal.files), games.catalog(), defer_boot=True, record=record)
        again = []
        protocol = Protocol(booted, again.append)
        booted.finish_boot()
        protocol.answer_carried(record)
        events = [json.loads(text) for text in again]
        self.assertEqual([e["ev"] for e in events], ["new", "pressed"])
        self.assertEqual((events[1]["id"], events[1]["screen"]), (2, "ChopScreen"))
        self.assertTrue(booted.settings.game_options("chop"))  # remembered by this boot

    def test_back_from_a_games_options_restarts_into_the_menu(self):
        app = App(self.device_hal(), games.catalog())
        app.screen.selected = app.screen.entries().index("Cat & Mouse")
        app.press("ok")
        with self.assertRaises(Switch) as caught:
            app.press("back")
        self.assertEqual(caught.exception.record["open"], "menu")
        self.assertEqual(caught.exception.record["menu"], ["game", "chop"])

    def test_the_panel_says_where_a_restart_goes_before_it_happens(self):
        app = App(self.device_hal(), games.catalog())
        app.screen.selected = app.screen.entries().index("Cat & Mouse")
        app.press("ok")
        canvas = app.canvas
        before = bytes(canvas.buffer)
        shown = canvas.shown
        with self.assertRaises(Switch):
            app.press("back")
        self.assertEqual(canvas.shown, shown + 1)  # sent before the restart, not after
        expected = Canvas(128, 64)
        expected.buffer[:] = before
        hold_hint(expected, LEAVING_NOTE)
        self.assertEqual(bytes(canvas.buffer), bytes(expected.buffer))
        self.assertNotEqual(bytes(canvas.buffer), before)
        self.assertEqual(canvas.pixel(64, HOLD_HINT_Y - 1), 1)  # the inverted bottom row

    def test_a_start_is_not_answered_with_the_menus_note(self):
        app = App(self.device_hal(), games.catalog())
        app.screen.selected = app.screen.entries().index("Cat & Mouse")
        app.press("ok")
        shown = app.canvas.shown
        with self.assertRaises(Switch):
            app.start_match(games.find("chop"), {}, 5)
        self.assertEqual(app.canvas.shown, shown)


if __name__ == "__main__":
    unittest.main()
