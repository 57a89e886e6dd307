"""The game registry: the games listed once, in menu order, by name, without importing them."""

import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.ui.app import App


class RegistryTest(unittest.TestCase):
    def test_games_in_menu_order_with_their_names(self):
        entries = games.catalog()
        self.assertEqual([entry.ID for entry in entries], [game_id for game_id, _ in games.GAMES])
        self.assertEqual(
            [(entry.ID, entry.NAME) for entry in entries][:3],
            [("mmm", "Mmm!"), ("mouse_chaos", "Mouse Chaos"), ("chop", "Cat & Mouse")],
        )

    def test_the_catalog_is_made_once(self):
        self.assertIs(games.catalog(), games.catalog())

    def test_every_game_has_a_short_name_rules_and_a_screen(self):
        for entry in games.catalog():
            self.assertTrue(0 < len(entry.NAME) <= 16, entry.ID)
            self.assertTrue(hasattr(entry.load_rules(), "OPTIONS"), entry.ID)
            self.assertTrue(callable(entry.package().make_screen), entry.ID)

    def test_find(self):
        self.assertEqual(games.find("chop").NAME, "Cat & Mouse")
        self.assertIsNone(games.find("chess"))

    def test_a_broken_game_is_left_out_of_the_menu(self):
        # "no_such_game" has no folder: importing it fails, as a game that raises at import would.
        entries = [games.find("mmm"), games.GameEntry("no_such_game", "Broken"), games.find("chop")]
        app = App(make_hal(), entries, defer_boot=True)
        self.assertEqual(app.screen.entries()[:3], ["Mmm!", "Broken", "Cat & Mouse"])
        app.finish_boot()
        self.assertEqual(app.screen.entries(), ["Mmm!", "Cat & Mouse", "Dice & bag", "Settings"])
        self.assertEqual([entry.ID for entry in app.games], ["mmm", "chop"])


if __name__ == "__main__":
    unittest.main()
