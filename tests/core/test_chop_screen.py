"""Cat & Mouse screens: drawing, choices, undo, mix page (both interpreters).

The screens run in the real App on the recording HAL (tests/core/app_kit.py);
the simulator with its pins and time is tested in tests/host/test_chop_sim.py.
"""

import unittest

from app_kit import game_app

from pawtrack.buttons import LONG, SHORT
from pawtrack.games.chop.screen import EFFECT_TEXT, RIGHT_CHARS, ChopScreen, MixScreen
from pawtrack.ui.lights import BLUE, WHITE, YELLOW


class ChopScreenTest(unittest.TestCase):
    def test_tile_effects_are_said_in_words_that_fit(self):
        for effect, text in EFFECT_TEXT.items():
            self.assertTrue(len(text) <= RIGHT_CHARS, effect)
            self.assertNotIn("chs", text)  # no abbreviations to learn

    def test_make_screen_gives_the_table(self):
        app = game_app("chop", {"players": 2})
        self.assertTrue(isinstance(app.screen, ChopScreen))  # at the bottom: its own boot
        self.assertEqual(len(app.screens), 1)  # the game's own boot: no main menu under it
        table = app.render()
        # What the players see: the first mouse's first turn, nothing rolled, the die offered.
        self.assertEqual(app.table.text_lines(), [
            "Mouse 1 T1", "rolled -", "cheese 0 caught 0 holes 0", "> Roll die"])
        app.press("ok")
        self.assertEqual(app.session.match.recent, ["roll"])
        self.assertEqual(app.table.text_lines()[1], "rolled %s" % app.game.state()["rolled"])
        self.assertNotEqual(app.render(), table)

    def test_every_state_of_a_played_game_draws(self):
        app = game_app("chop", {"players": 5, "tiles": "digital"})
        screen = app.table
        pictures = {}
        for step in range(300):
            picture = app.render()
            self.assertTrue(any(picture))
            pictures[picture] = True
            if app.session.match.game.is_over():
                break
            for _ in range(step % 3):
                screen.button("right", SHORT)
            screen.button("ok", SHORT)
        self.assertTrue(app.session.match.game.is_over())
        self.assertTrue(len(pictures) > 10)
        self.assertEqual(app.messages, [])

    def test_roll_end_and_undo(self):
        app = game_app("chop", {"players": 3})
        screen = app.table
        screen.button("ok", SHORT)
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.recent, ["roll", "end"])
        self.assertEqual(screen.text_lines()[0], "Cat T2")
        screen.button("back", LONG)
        self.assertEqual(app.session.match.recent, ["roll"])

    def test_leds_cheese_caught_and_side(self):
        app = game_app("chop", {"players": 2}, leds=16)
        for action in ("cheese +1", "cheese +1", "cheese +1", "caught +1"):
            app.session.act(action)
        app.render()
        colors = app.lights.colors
        self.assertEqual(colors[:4], [YELLOW, YELLOW, YELLOW, (0, 0, 0)])
        self.assertEqual(colors[10:12], [(255, 0, 0), (0, 0, 0)])
        self.assertEqual(colors[15], WHITE)
        app.session.act("roll")
        app.session.act("end")
        app.render()
        self.assertEqual(app.lights.colors[15], BLUE)

    def test_mix_page_lists_the_tiles_left(self):
        app = game_app("chop", {"players": 2, "mix": "own"})
        app.session.act("roll")
        app.session.act("tile fork")
        app.table.button("ok", LONG)
        mix = app.screens[-1]
        self.assertTrue(isinstance(mix, MixScreen))
        self.assertEqual(mix.text_lines()[0], "37 left")
        self.assertIn("fork 2", mix.text_lines())
        app.render()
        mix.button("back", SHORT)
        self.assertEqual(len(app.screens), 1)

    def test_mix_page_marks_estimates_with_the_default_mix(self):
        app = game_app("chop", {"players": 2})
        app.session.act("roll")
        for _ in range(4):
            app.session.act("tile knife")  # one more than the guess: still taken
        app.table.button("ok", LONG)
        lines = app.screens[-1].text_lines()
        self.assertEqual(lines[0], "about 34 left (a guess)")
        self.assertIn("knife ~0", lines)
        self.assertIn("fork ~3", lines)
        app.render()

    def test_drawing_never_builds_the_protocol_state(self):
        app = game_app("chop", {"players": 3}, leds=16)
        game = app.session.match.game

        def no_state():
            raise AssertionError("the screen called state()")

        game.state = no_state
        screen = app.table
        for presses in range(40):
            app.render()
            screen.text_lines()
            for _ in range(presses % 3):
                screen.button("right", SHORT)
            screen.button("ok", SHORT)
            game = app.session.match.game  # an undo would rebuild it
            game.state = no_state
        screen.button("ok", LONG)
        app.render()
        app.screens[-1].text_lines()
        self.assertEqual(app.messages, [])


if __name__ == "__main__":
    unittest.main()
