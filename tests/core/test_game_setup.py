"""A game's options screen on the real App (both interpreters).

By button presses from the main menu: the options with Start highlighted, ok
steps a value, Start begins the match and remembers the options across a
restart, a saved match is only replaced after a yes, options the device cannot
play give a message. And the game's note line under the rows (each package's
``setup_note(options)``: the screen names no game), held ok, remembered values.
"""

import unittest

from app_kit import home_app, presses
from recording_hal import make_hal

from pawtrack import games
from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.memfiles import MemoryFiles
from pawtrack.ui.app import App
from pawtrack.ui.game_setup import GameSetupScreen

CHOP_DEFAULTS = [
    "  players: 2",
    "  tiles: physical",
    "  mix: default",
    "  plates: 10",
    "  plus1 tiles: 5",
    "  plus2 tiles: 4",
    "  arrows: 3",
    "  forks: 3",
    "  knives: 3",
    "  rolls: device",
    "> Start",
    "Default mix: a guess",
]


def find_package(game_id):
    return [entry for entry in games.catalog() if entry.ID == game_id][0]


def option_names(screen):
    return [line[2:] for line in screen.text_lines() if line[:2] in ("  ", "> ")]


def open_chop(app):
    """Main menu -> Cat & Mouse (the third game) -> its options."""
    presses(app, "right right ok")
    assert isinstance(app.screen, GameSetupScreen)
    return app.screen


class GameSetupTest(unittest.TestCase):
    def test_options_are_shown_with_start_highlighted(self):
        app = home_app()
        screen = open_chop(app)
        self.assertEqual(screen.text_lines(), CHOP_DEFAULTS)
        self.assertEqual(screen.title, "Cat & Mouse")

    def test_ok_steps_a_value_round_and_back_leaves(self):
        app = home_app()
        screen = open_chop(app)
        presses(app, "right ok ok")  # round from Start to players: 2 -> 3 -> 4
        self.assertEqual(screen.text_lines()[0], "> players: 4")
        presses(app, "ok ok")  # 5, then round to 2
        self.assertEqual(screen.text_lines()[0], "> players: 2")
        presses(app, "back")
        self.assertEqual(type(app.screen).__name__, "HomeScreen")
        self.assertEqual(app.screen.text_lines()[2], "> Cat & Mouse")

    def test_start_plays_the_options_and_remembers_them(self):
        files = MemoryFiles()
        app = home_app(files=files)
        open_chop(app)
        presses(app, "right ok right ok left left ok")  # 3 players, digital tiles, then Start
        self.assertEqual(type(app.screen).__name__, "ChopScreen")
        self.assertEqual(app.session.match.options["players"], 3)
        self.assertEqual(app.session.match.options["tiles"], "digital")
        again = home_app(files=files)  # power off and on
        presses(again, "right right right ok")  # Resume Cat & Mouse is the first row now
        self.assertEqual(again.screen.text_lines()[:2], ["  players: 3", "  tiles: digital"])

    def test_bad_remembered_options_fall_back_to_the_defaults(self):
        files = MemoryFiles()
        app = home_app(files=files)
        app.settings.remember_game_options("chop", {"players": 99, "tiles": "glass"})
        app.save_settings()
        again = home_app(files=files)
        self.assertEqual(open_chop(again).text_lines(), CHOP_DEFAULTS)

    def test_a_saved_match_is_kept_unless_the_player_says_yes(self):
        app = home_app()
        open_chop(app)
        presses(app, "ok")  # start
        app.session.act("roll")
        presses(app, "back")  # to the main menu; the match is saved
        self.assertEqual(app.screen.text_lines()[0], "  Resume Cat & Mouse")
        self.assertEqual(app.screen.text_lines()[3], "> Cat & Mouse")  # still highlighted
        presses(app, "ok ok")  # Cat & Mouse -> Start
        question = app.screen
        self.assertEqual(type(question).__name__, "ConfirmScreen")
        self.assertEqual(question.text_lines()[-2:], ["> Keep saved", "  Start new"])
        presses(app, "ok")  # the highlighted answer: keep
        self.assertTrue(isinstance(app.screen, GameSetupScreen))
        self.assertTrue(app.session.has_saved("chop"))
        presses(app, "ok right ok")  # Start again, this time "Start new"
        self.assertEqual(type(app.screen).__name__, "ChopScreen")
        self.assertEqual(app.session.match.recent, [])

    def test_options_that_do_not_apply_to_the_mode_are_left_out(self):
        app = home_app()
        screen = GameSetupScreen(app, find_package("om_nom_nom"))
        app.push(screen)
        self.assertEqual(
            option_names(screen), ["mode: solo", "solo rivals: 2", "rolls: device", "Start"]
        )
        presses(app, "right ok")  # mode: solo -> table
        self.assertEqual(
            option_names(screen), ["mode: table", "players: 3", "rolls: device", "Start"]
        )
        presses(app, "right ok")  # the second row is now the player count: 3 -> 4
        self.assertEqual(screen.options["players"], 4)
        presses(app, "left ok")  # mode: table -> sheet keeps it
        self.assertEqual(option_names(screen)[:2], ["mode: sheet", "players: 4"])

    def test_options_the_device_cannot_play_give_a_message(self):
        app = home_app()
        presses(app, "ok")  # Mmm!: its options, Start highlighted
        self.assertEqual(app.screen.text_lines()[5], "  layout: example")
        presses(app, "right ok")  # level: lite -> board, which needs a layout
        presses(app, "left left left left ok")  # layout: own, but none was put on the device
        self.assertEqual(app.screen.text_lines()[:6:5], ["  level: board", "> layout: own"])
        presses(app, "right right right ok")
        self.assertEqual(type(app.screen).__name__, "MessageScreen")
        self.assertEqual(len(app.messages), 1)
        self.assertTrue(app.messages[0].startswith("Cannot start: "), app.messages[0])
        self.assertIsNone(app.session.match)
        presses(app, "ok")
        self.assertTrue(isinstance(app.screen, GameSetupScreen))

    def test_a_game_can_add_rows(self):
        app = home_app()
        presses(app, "ok left ok")  # Mmm!'s History row
        self.assertEqual(type(app.screen).__name__, "HistoryScreen")
        presses(app, "back")
        self.assertTrue(isinstance(app.screen, GameSetupScreen))


def setup_screen(game_id, remembered=None):
    app = App(make_hal(), games.catalog())
    if remembered is not None:
        app.settings.remember_game_options(game_id, remembered)
    screen = GameSetupScreen(app, games.find(game_id))
    app.push(screen)
    return app, screen


def row_of(screen, name):
    for index in range(len(screen.game.OPTIONS)):
        if screen.game.OPTIONS[index][0] == name:
            return index
    raise KeyError(name)


class GameNoteTest(unittest.TestCase):
    def test_the_games_note_is_the_last_line_and_follows_the_options(self):
        app, screen = setup_screen("chop")
        self.assertEqual(screen.text_lines()[-1], "Default mix: a guess")
        self.assertEqual(screen.text_lines()[-2], "> Start")
        screen.selected = row_of(screen, "mix")
        screen.button("ok", SHORT)
        self.assertEqual(screen.text_lines()[-1], "Own mix: 38 tiles")
        screen.selected = row_of(screen, "knives")
        for _ in range(15):  # 3 -> 15, 0, 1, 2: a box with a knife lost
            screen.button("ok", SHORT)
        self.assertEqual(screen.options["knives"], 2)
        self.assertEqual(screen.text_lines()[-1], "37 tiles; box has 38")
        app.render()  # four rows and the note fit on the screen
        self.assertEqual(screen.visible_rows(), 4)
        self.assertTrue(any(app.canvas.buffer))

    def test_a_game_without_a_note_says_how_to_undo_in_the_match(self):
        app, screen = setup_screen("mouse_chaos")
        self.assertEqual(screen.note(), "Undo: hold BACK")
        self.assertEqual(screen.visible_rows(), 4)
        self.assertEqual(screen.text_lines()[-2:], ["> Start", "Undo: hold BACK"])
        app.has_back = False  # three buttons: a long left is back, held on it undoes
        self.assertEqual(screen.note(), "Undo: hold < 2 s")

    def test_holding_ok_keeps_stepping_an_option(self):
        _app, screen = setup_screen("chop")
        screen.selected = row_of(screen, "plates")
        self.assertTrue(screen.button("ok", LONG))
        for _ in range(4):
            self.assertTrue(screen.button("ok", REPEAT))
        self.assertEqual(screen.options["plates"], 15)
        screen.selected = len(screen.entries()) - 1  # Start: holding ok does nothing
        self.assertFalse(screen.button("ok", LONG))

    def test_remembered_options_outlive_a_new_default(self):
        # Mmm!'s default level is lite now; a device that played at board keeps board.
        _app, screen = setup_screen("mmm", {"level": "board", "players": 3})
        self.assertEqual((screen.options["level"], screen.options["players"]), ("board", 3))
        self.assertEqual(screen.text_lines()[0], "  level: board")
        self.assertEqual(screen.text_lines()[-1], "Example: not your box")
        _app, fresh = setup_screen("mmm")
        self.assertEqual(fresh.options["level"], "lite")

    def test_a_remembered_value_no_longer_offered_keeps_the_others(self):
        _app, screen = setup_screen("chop", {"players": 4, "mix": "retired", "knives": 5})
        self.assertEqual(screen.options["players"], 4)
        self.assertEqual(screen.options["knives"], 5)
        self.assertEqual(screen.options["mix"], "default")
        _app, screen = setup_screen("chop", {"players": 4, "no_such_option": 1})
        self.assertEqual(screen.options["players"], 4)


if __name__ == "__main__":
    unittest.main()
