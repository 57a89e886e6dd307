"""Cat & Mouse screens on a stand-in app: drawing, choices, undo, mix page (both interpreters).

The app here is the smallest object the screen needs (session, canvas, LED
layer); the full app on the simulator is tested in tests/host/test_chop_sim.py.
"""

import unittest

from pawtrack.buttons import LONG, SHORT
from pawtrack.games import find_game
from pawtrack.games.chop.screen import ChopScreen, MixScreen
from pawtrack.match import Match
from pawtrack.ui.canvas import Canvas
from pawtrack.ui.lights import BLUE, WHITE, YELLOW, Lights


class StandInSession:
    def __init__(self, match):
        self.match = match

    def act(self, action):
        return self.match.act(action)

    def undo(self):
        return self.match.undo()


class StandInApp:
    def __init__(self, options, seed=3, leds=12):
        module = find_game("chop")
        self.session = StandInSession(Match.new(module.GAME, options, seed))
        self.canvas = Canvas()
        self.lights = Lights(leds, tuple(range(leds)))
        self.screens = [module.make_screen(self, self.session.match)]
        self.messages = []

    def push(self, screen):
        self.screens.append(screen)

    def pop(self):
        self.screens.pop()

    def home(self):
        pass

    def message(self, text, title="Note"):
        self.messages.append(text)

    def render(self):
        self.canvas.fill(0)
        self.screens[-1].draw(self.canvas)
        self.lights.clear()
        self.screens[-1].lights(self.lights)
        return bytes(self.canvas.buffer)


class ChopScreenTest(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        self.assertTrue(isinstance(StandInApp({"players": 2}).screens[0], ChopScreen))

    def test_every_state_of_a_played_game_draws(self):
        app = StandInApp({"players": 5, "tiles": "digital"})
        screen = app.screens[0]
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
        app = StandInApp({"players": 3})
        screen = app.screens[0]
        screen.button("ok", SHORT)
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.actions, ["roll", "end"])
        self.assertEqual(screen.text_lines()[0], "Cat T2")
        screen.button("back", LONG)
        self.assertEqual(app.session.match.actions, ["roll"])

    def test_leds_cheese_caught_and_side(self):
        app = StandInApp({"players": 2}, leds=16)
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
        app = StandInApp({"players": 2})
        app.session.act("roll")
        app.session.act("tile fork")
        app.screens[0].button("ok", LONG)
        mix = app.screens[-1]
        self.assertTrue(isinstance(mix, MixScreen))
        self.assertIn("fork 2", mix.text_lines())
        app.render()
        mix.button("back", SHORT)
        self.assertEqual(len(app.screens), 1)


if __name__ == "__main__":
    unittest.main()
