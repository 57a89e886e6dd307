"""A game's options screen on the real App, by button presses (both interpreters).

From the main menu: the options with Start highlighted, ok steps a value,
Start begins the match and remembers the options across a restart, a saved
match is only replaced after a yes, and options the device cannot play give a
message instead of a match.
"""

import unittest

from app_kit import home_app, presses

from pawtrack.memfiles import MemoryFiles
from pawtrack.ui.game_setup import GameSetupScreen

CHOP_DEFAULTS = ["  players: 2", "  tiles: physical", "  mix: default", "> Start"]


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
        presses(app, "left left left ok ok")  # players: 2 -> 3 -> 4
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
        presses(app, "left left left ok right ok right right ok")  # 3 players, digital tiles
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
        self.assertEqual(app.session.match.recent, ["roll"])
        presses(app, "ok right ok")  # Start again, this time "Start new"
        self.assertEqual(type(app.screen).__name__, "ChopScreen")
        self.assertEqual(app.session.match.recent, [])

    def test_options_the_device_cannot_play_give_a_message(self):
        app = home_app()
        presses(app, "ok")  # Mmm!: its options, Start highlighted
        self.assertEqual(app.screen.text_lines()[5], "  layout: example")
        presses(app, "left left ok")  # layout: own, but none was put on the device
        self.assertEqual(app.screen.text_lines()[5], "> layout: own")
        presses(app, "right right ok")
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


if __name__ == "__main__":
    unittest.main()
