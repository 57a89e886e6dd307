"""The game registry: the games listed once, in menu order, named without loading their rules."""

import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.ui.app import App


class RegistryTest(unittest.TestCase):
    def test_games_in_menu_order(self):
        ids = [package.ID for package in games.catalog()]
        self.assertEqual(ids, list(games.GAME_IDS))
        self.assertEqual(ids[:3], ["mmm", "mouse_chaos", "chop"])

    def test_the_catalog_is_made_once(self):
        self.assertIs(games.catalog(), games.catalog())

    def test_every_game_has_a_name_rules_and_a_screen(self):
        for package in games.catalog():
            self.assertTrue(0 < len(package.NAME) <= 16, package.ID)
            self.assertTrue(hasattr(package.load_rules(), "OPTIONS"), package.ID)
            self.assertTrue(callable(package.make_screen), package.ID)

    def test_find(self):
        self.assertEqual(games.find("chop").ID, "chop")
        self.assertIsNone(games.find("chess"))

    def test_a_broken_game_is_left_out_of_the_menu(self):
        # "no_such_game" has no folder: its import fails, as a game that raises at import would.
        found = games.load(("mmm", "no_such_game", "chop"))
        self.assertEqual([package.ID for package in found], ["mmm", "chop"])
        app = App(make_hal(), found)
        labels = app.screen.entries()
        self.assertEqual(labels, ["Mmm!", "Cat & Mouse", "Dice & bag", "Settings"])


if __name__ == "__main__":
    unittest.main()
