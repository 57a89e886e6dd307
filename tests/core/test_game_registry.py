"""The game registry: the games listed once, in menu order, by name, without importing them."""

import sys
import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.ui.app import App


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

    def test_starting_a_game_unloads_the_other_games_code(self):
        # tests/conftest.py puts the unloaded modules back for the other tests.
        from pawtrack.games.mmm import layouts

        hal = make_hal()
        hal.unload_games = True  # as on the Pico
        app = App(hal, games.catalog())
        app.start_match(games.find("mmm"), {}, 5)
        own = dict(layouts.example_layout(1))
        layouts.install(own)
        self.assertTrue("pawtrack.games.mmm.rules" in sys.modules)
        app.start_match(games.find("chop"), {}, 5)
        self.assertTrue("pawtrack.games.chop.rules" in sys.modules)
        for gone in ("pawtrack.games.mmm.rules", "pawtrack.games.mmm.screen"):
            self.assertFalse(gone in sys.modules, gone)
        mmm = games.find("mmm").package()
        self.assertFalse(hasattr(mmm, "rules"))
        # The package and its RESIDENT state stay: the owner's layout is still installed.
        self.assertTrue("pawtrack.games.mmm" in sys.modules)
        self.assertIs(sys.modules["pawtrack.games.mmm.layouts"].OWN[1], own)
        # The Cat & Mouse match was left at the main menu, then Mmm! loads again.
        self.assertEqual(app.session.match.game_id, "chop")
        app.resume_match("mmm")
        self.assertEqual(app.session.match.game_id, "mmm")
        self.assertFalse("pawtrack.games.chop.rules" in sys.modules)
        self.assertEqual(type(app.screen).__name__, "MmmScreen")
        layouts.uninstall(1)

    def test_after_boot_the_menu_keeps_no_game_package(self):
        # tests/conftest.py puts the forgotten packages back for the other tests.
        hal = make_hal()
        hal.unload_games = True  # as on the Pico
        for entry in games.catalog():
            entry.unload()  # what earlier tests loaded, but for state kept (RESIDENT)
        keeping = [
            entry.ID
            for entry in games.catalog()
            if any(name.startswith("pawtrack.games.%s." % entry.ID) for name in sys.modules)
        ]
        self.assertFalse("chop" in keeping)
        app = App(hal, games.catalog())
        for entry in games.catalog():
            loaded = ("pawtrack.games." + entry.ID) in sys.modules
            self.assertEqual(loaded, entry.ID in keeping, entry.ID)
            self.assertEqual(hasattr(games, entry.ID), entry.ID in keeping, entry.ID)
        # Opening a game imports its package again, and the game plays.
        app.start_match(games.find("chop"), {}, 5)
        self.assertTrue("pawtrack.games.chop" in sys.modules)
        self.assertEqual(type(app.screen).__name__, "ChopScreen")

    def test_under_a_match_the_main_menu_and_its_code_are_set_aside(self):
        hal = make_hal()
        hal.unload_games = True  # as on the Pico
        app = App(hal, games.catalog())
        app.press("right")
        app.press("right")
        self.assertEqual(app.screen.entries()[app.screen.selected], "Cat & Mouse")
        app.press("ok")  # the options screen
        self.assertEqual(type(app.screen).__name__, "GameSetupScreen")
        app.start_match(games.find("chop"), {}, 5)
        self.assertEqual(type(app.screen).__name__, "ChopScreen")
        self.assertIsNone(app.screens[0])
        for gone in ("pawtrack.ui.home", "pawtrack.ui.game_setup", "pawtrack.ui.menu"):
            self.assertFalse(gone in sys.modules, gone)
        self.assertFalse(hasattr(sys.modules["pawtrack.ui"], "home"))
        # Leaving the match makes the menu again, highlight on the game, the Resume row read.
        app.home()
        self.assertEqual(type(app.screen).__name__, "HomeScreen")
        self.assertEqual(app.screen.entries()[app.screen.selected], "Cat & Mouse")
        self.assertTrue("Resume Cat & Mouse" in app.screen.entries())
        app.press("ok")
        self.assertEqual(type(app.screen).__name__, "GameSetupScreen")

    def test_the_dice_tool_outlives_the_menu_set_aside(self):
        hal = make_hal()
        hal.unload_games = True  # as on the Pico
        app = App(hal, games.catalog())
        rows = app.screen.entries()
        app.screen.selected = rows.index("Dice & bag")
        app.press("ok")
        tool = app.screen
        app.press("back")
        app.start_match(games.find("chop"), {}, 5)
        self.assertIsNone(app.screens[0])
        self.assertTrue("pawtrack.ui.menu" in sys.modules)  # the tool is a menu too
        app.home()
        self.assertEqual(app.screen.entries()[app.screen.selected], "Dice & bag")
        app.press("ok")
        self.assertIs(app.screen, tool)

    def test_without_unloading_the_main_menu_stays_under_a_match(self):
        app = App(make_hal(), games.catalog())
        home = app.screen
        app.start_match(games.find("chop"), {}, 5)
        self.assertIs(app.screens[0], home)

    def test_a_games_listener_goes_with_its_code_and_its_counts_stay(self):
        # Mmm!'s results history listens to the app's events; on a device that unloads
        # games it must not keep Mmm!'s code alive during another game, nor come back
        # twice, and the wins since power-on must survive the other game.
        hal = make_hal()
        hal.unload_games = True  # as on the Pico
        app = App(hal, games.catalog())
        lite = {"level": "lite"}
        app.start_match(games.find("mmm"), lite, 7)
        play_to_a_win(app)
        app.start_match(games.find("chop"), {}, 2)
        self.assertEqual([x for x in app.listeners if hasattr(x, "game_id")], [])
        app.start_match(games.find("mmm"), lite, 8)
        play_to_a_win(app)
        ears = [x for x in app.listeners if hasattr(x, "game_id")]
        self.assertEqual(len(ears), 1)
        self.assertEqual((ears[0].keeper().wins, ears[0].keeper().games), (2, 2))

    def test_a_package_with_loaded_submodules_is_kept(self):
        entry = games.GameEntry("mmm", "Mmm!")
        entry.load_rules()  # pawtrack.games.mmm.rules is loaded
        self.assertFalse(entry.forget_package())
        self.assertTrue("pawtrack.games.mmm" in sys.modules)

    def test_unloading_a_game_never_loaded_does_nothing(self):
        self.assertEqual(games.GameEntry("no_such_game", "Broken").unload(), 0)


if __name__ == "__main__":
    unittest.main()
