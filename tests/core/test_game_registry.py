"""The game registry: every game folder is found, named without loading its rules."""

import unittest

from pawtrack import games


class RegistryTest(unittest.TestCase):
    def test_games_found_in_menu_order(self):
        ids = [module.ID for module in games.game_modules()]
        self.assertEqual(ids, ["mmm", "mouse_chaos", "chop"])

    def test_package_names_match_the_rules(self):
        for module in games.game_modules():
            rules = module.GAME
            self.assertEqual((module.ID, module.NAME, module.ORDER),
                             (rules.ID, rules.NAME, rules.ORDER))

    def test_every_listed_game_is_playable(self):
        playable = [module.ID for module in games.game_modules(playable=True)]
        self.assertEqual(playable, ["mmm", "mouse_chaos", "chop"])

    def test_find_game(self):
        self.assertEqual(games.find_game("chop").ID, "chop")
        self.assertIsNone(games.find_game("chess"))

    def test_unknown_attribute_is_an_attribute_error(self):
        module = games.find_game("mmm")
        with self.assertRaises(AttributeError):
            module.NOT_THERE  # noqa: B018
