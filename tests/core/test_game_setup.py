"""The options screen before a game: rows, the game's note line, held ok, remembered values.

The screen is the firmware's own GameSetupScreen in the real App on the
recording HAL (both interpreters); it names no game, so each game's note comes
from its package's ``setup_note(options)``.
"""

import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.ui.app import App
from pawtrack.ui.game_setup import GameSetupScreen


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


class GameSetupTest(unittest.TestCase):
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

    def test_a_game_without_a_note_keeps_five_rows(self):
        _app, screen = setup_screen("mouse_chaos")
        self.assertEqual(screen.note(), None)
        self.assertEqual(screen.visible_rows(), 5)
        self.assertEqual(screen.text_lines()[-1], "> Start")

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
