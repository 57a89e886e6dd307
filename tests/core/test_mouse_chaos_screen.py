"""Mouse Chaos screens on a stand-in app: drawing, choices, undo, peek (both interpreters).

The app here is the smallest object the screen needs (session, canvas, LED
layer, button state); the full app on the simulator is tested in
tests/host/test_mouse_chaos_sim.py.
"""

import unittest

from pawtrack.buttons import LONG, SHORT
from pawtrack.games import find_game
from pawtrack.games.mouse_chaos.screen import COLOUR_LEDS, MouseChaosScreen, SeatsScreen
from pawtrack.match import Match
from pawtrack.ui.canvas import Canvas
from pawtrack.ui.lights import OFF, WHITE, Lights


class StandInSession:
    def __init__(self, match):
        self.match = match

    def act(self, action):
        return self.match.act(action)

    def undo(self):
        return self.match.undo()


class StandInInput:
    def __init__(self):
        self.down = {}

    def held(self, name):
        return self.down.get(name, False)


class StandInApp:
    def __init__(self, options, seed=3):
        module = find_game("mouse_chaos")
        self.session = StandInSession(Match.new(module.GAME, options, seed))
        self.canvas = Canvas()
        self.lights = Lights(12, tuple(range(12)))
        self.input = StandInInput()
        self.screens = [module.make_screen(self, self.session.match)]
        self.messages = []
        self.went_home = 0

    def push(self, screen):
        self.screens.append(screen)

    def pop(self):
        self.screens.pop()

    def home(self):
        self.went_home += 1

    def message(self, text, title="Note"):
        self.messages.append(text)

    def render(self):
        self.canvas.fill(0)
        self.screens[-1].draw(self.canvas)
        self.lights.clear()
        self.screens[-1].lights(self.lights)
        return bytes(self.canvas.buffer)


class MouseChaosScreenTest(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        app = StandInApp({"players": 2})
        self.assertTrue(isinstance(app.screens[0], MouseChaosScreen))

    def test_every_state_of_a_played_game_draws(self):
        app = StandInApp({"players": 4, "catches": True})
        screen = app.screens[0]
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
        app = StandInApp({"players": 2})
        game = app.session.match.game
        screen = app.screens[0]
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
        app = StandInApp({"players": 3, "colours": "secret"})
        app.render()
        lit = [colour for colour in app.lights.colors if colour != OFF]
        self.assertEqual(lit, [WHITE] * 4)

    def test_ok_acts_and_long_back_undoes(self):
        app = StandInApp({"players": 3})
        screen = app.screens[0]
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.actions, ["draw"])
        screen.button("back", LONG)
        self.assertEqual(app.session.match.actions, [])
        screen.button("back", LONG)  # nothing to undo: a message, no crash
        self.assertEqual(len(app.messages), 1)
        screen.button("back", SHORT)
        self.assertEqual(app.went_home, 1)

    def test_secret_seats_page_peeks_only_while_ok_is_held(self):
        app = StandInApp({"players": 2, "colours": "secret"})
        app.screens[0].button("ok", LONG)
        seats = app.screens[-1]
        self.assertTrue(isinstance(seats, SeatsScreen))
        app.input.down["ok"] = True  # still held from the long press
        seats.tick(0)
        self.assertFalse(seats.peeking)
        hidden = app.render()
        app.input.down["ok"] = False
        seats.tick(10)
        app.input.down["ok"] = True
        self.assertTrue(seats.tick(20))
        self.assertTrue(seats.peeking)
        self.assertNotEqual(app.render(), hidden)
        self.assertEqual(app.lights.colors, [(0, 0, 0)] * 12)
        app.input.down["ok"] = False
        seats.tick(30)
        self.assertEqual(app.render(), hidden)
        seats.button("back", SHORT)
        self.assertEqual(len(app.screens), 1)


if __name__ == "__main__":
    unittest.main()
