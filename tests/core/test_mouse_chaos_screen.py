"""Mouse Chaos screens: drawing, choices, undo, peek (both interpreters).

The screens run in the real App on the recording HAL (tests/core/app_kit.py);
the simulator with its pins and time is tested in tests/host/test_mouse_chaos_sim.py.
"""

import unittest

from app_kit import game_app

from pawtrack.buttons import LONG, SHORT
from pawtrack.games.mouse_chaos.screen import COLOUR_LEDS, MouseChaosScreen, SeatsScreen
from pawtrack.ui.lights import OFF, WHITE


def hold(app, name, down):
    """Set whether ``name`` is held, as the app's debounced button input sees it."""
    app.input.pressed[app.input.names.index(name)] = down


class MouseChaosScreenTest(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        app = game_app("mouse_chaos", {"players": 2})
        self.assertTrue(isinstance(app.screen, MouseChaosScreen))  # at the bottom: its own boot
        self.assertEqual(len(app.screens), 1)  # the game's own boot: no main menu under it
        table = app.render()
        # What the players see: player 1 draws first, one mouse in each nest.
        lines = app.table.text_lines()
        self.assertEqual(lines[0], "P1 draw T1")
        self.assertEqual(lines[-2:], ["mice NW:1 NE:1 SE:1 SW:1", "> Draw holder"])
        app.press("ok")
        self.assertEqual(app.session.match.recent, ["draw"])
        self.assertEqual(app.table.text_lines()[1], "holder %d" % app.game.state()["number"])
        self.assertNotEqual(app.render(), table)

    def test_every_state_of_a_played_game_draws(self):
        app = game_app("mouse_chaos", {"players": 4, "catches": True})
        screen = app.table
        pictures = {}
        for _ in range(120):
            picture = app.render()
            self.assertTrue(any(picture))
            pictures[picture] = True
            if app.session.match.game.is_over():
                break
            # Walk the choices: two steps right, then do the one shown.
            screen.button("right", SHORT)
            screen.button("right", SHORT)
            screen.button("ok", SHORT)
        self.assertTrue(len(pictures) > 10)
        self.assertEqual(app.messages, [])
        self.assertTrue(len(screen.text_lines()) >= 3)

    def test_nest_leds_one_per_mouse_in_the_nest_colour(self):
        # 12 LEDs: a quarter of the strip (3) per nest, in corner order nw ne se sw.
        app = game_app("mouse_chaos", {"players": 2})
        game = app.session.match.game
        screen = app.table
        nests = game.state()["nests"]
        app.render()
        for index in range(4):
            colour = COLOUR_LEDS[nests[index]["colour"]]
            self.assertEqual(app.lights.colors[index * 3:index * 3 + 3], [colour, OFF, OFF])
        screen.button("ok", SHORT)  # draw
        app.session.act("enter " + nests[1]["nest"])
        app.render()
        colour = COLOUR_LEDS[nests[1]["colour"]]
        self.assertEqual(app.lights.colors[3:6], [colour, colour, OFF])

    def test_secret_nest_leds_are_white(self):
        app = game_app("mouse_chaos", {"players": 3, "colours": "secret"})
        app.render()
        lit = [colour for colour in app.lights.colors if colour != OFF]
        self.assertEqual(lit, [WHITE] * 4)

    def test_ok_acts_and_long_back_undoes(self):
        app = game_app("mouse_chaos", {"players": 3})
        screen = app.table
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.recent, ["draw"])
        screen.button("back", LONG)
        self.assertEqual(app.session.match.recent, [])
        screen.button("back", LONG)  # nothing to undo: a message, no crash
        self.assertEqual(len(app.messages), 1)
        screen.button("back", SHORT)
        self.assertEqual(app.homes, 1)

    def test_drawing_never_builds_the_protocol_state(self):
        for options in ({"players": 4, "catches": True}, {"players": 3, "colours": "secret"}):
            app = game_app("mouse_chaos", options)

            def no_state():
                raise AssertionError("the screen called state()")

            screen = app.table
            for presses in range(80):
                app.session.match.game.state = no_state  # an undo would rebuild the game
                app.render()
                screen.text_lines()
                for _ in range(presses % 3):
                    screen.button("right", SHORT)
                screen.button("ok", SHORT)
            screen.button("ok", LONG)
            app.render()
            app.screens[-1].text_lines()
            self.assertEqual(app.messages, [])

    def test_secret_seats_page_peeks_only_while_ok_is_held(self):
        app = game_app("mouse_chaos", {"players": 2, "colours": "secret"})
        app.table.button("ok", LONG)
        seats = app.screens[-1]
        self.assertTrue(isinstance(seats, SeatsScreen))
        hold(app, "ok", True)  # still held from the long press
        seats.tick(0)
        self.assertFalse(seats.peeking)
        hidden = app.render()
        hold(app, "ok", False)
        seats.tick(10)
        hold(app, "ok", True)
        self.assertTrue(seats.tick(20))
        self.assertTrue(seats.peeking)
        self.assertNotEqual(app.render(), hidden)
        self.assertEqual(app.lights.colors, [(0, 0, 0)] * 12)
        hold(app, "ok", False)
        seats.tick(30)
        self.assertEqual(app.render(), hidden)
        seats.button("back", SHORT)
        self.assertEqual(len(app.screens), 1)


if __name__ == "__main__":
    unittest.main()
