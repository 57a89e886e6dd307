"""Mmm! screens on a stand-in app: every level draws, buttons act, undo, odds page, LEDs.

The app here is the smallest object the screen needs (session, canvas, LED
layer, beeper, clock, listeners and files in memory); runs on both
interpreters. Animations are switched off here unless a test is about them
(test_mmm_anim.py plays them).
"""

import unittest

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games import find_game
from pawtrack.games.mmm import chart
from pawtrack.games.mmm.anim import CAT, PANTRY
from pawtrack.games.mmm.screen import END_CHOICES, MmmScreen, OddsScreen
from pawtrack.match import Match
from pawtrack.ui.canvas import Canvas
from pawtrack.ui.lights import FOOD_COLORS, Lights


class MemFile:
    def __init__(self, files, name, data=None):
        self.files = files
        self.name = name
        self.data = data
        self.written = b""

    def read(self):
        return self.data

    def write(self, data):
        self.written += bytes(data)

    def flush(self):
        pass

    def close(self):
        if self.data is None:
            self.files.data[self.name] = self.written


class MemFiles:
    """The pawtrack.files interface over a dict (name -> bytes)."""

    def __init__(self):
        self.data = {}

    def open(self, name, mode):
        if mode == "rb":
            if name not in self.data:
                raise OSError(2)
            return MemFile(self, name, self.data[name])
        return MemFile(self, name)

    def rename(self, src, dst):
        self.data[dst] = self.data.pop(src)

    def remove(self, name):
        del self.data[name]

    def exists(self, name):
        return name in self.data

    def size(self, name):
        return len(self.data[name])

    def listdir(self, folder=""):
        return list(self.data)


class StandInClock:
    def ticks_diff(self, new, old):
        return new - old


class StandInSession:
    def __init__(self, app, match):
        self.app = app
        self.match = match
        self.module = find_game("mmm")

    def act(self, action):
        events = self.match.act(action)
        for event in events:
            for listener in self.app.listeners:
                listener(event)
        return events

    def undo(self):
        events = self.match.undo()
        for listener in self.app.listeners:
            listener(events[0])
        return events

    def start(self, module, options):
        self.match = Match.new(module.GAME, options, self.match.seed + 1)
        self.app.screens.append(module.make_screen(self.app, self.match))


class StandInApp:
    def __init__(self, options, seed=3, leds=15, animate=False, files=None):
        module = find_game("mmm")
        self.files = files if files is not None else MemFiles()
        self.listeners = []
        self.clock = StandInClock()
        self.session = StandInSession(self, Match.new(module.GAME, options, seed))
        self.canvas = Canvas()
        self.lights = Lights(leds, tuple(range(12)), (12, 13, 14))
        self.screens = [module.make_screen(self, self.session.match)]
        self.screens[0].animate = animate
        self.messages = []
        self.beeps = []
        self.homes = 0

    @property
    def game(self):
        return self.session.match.game

    def push(self, screen):
        self.screens.append(screen)

    def pop(self):
        self.screens.pop()

    def home(self):
        self.homes += 1

    def message(self, text, title="Note"):
        self.messages.append(text)

    def beep(self, frequency, duration_ms):
        self.beeps.append(frequency)

    def render(self):
        self.canvas.fill(0)
        self.screens[-1].draw(self.canvas)
        self.lights.clear()
        self.screens[-1].lights(self.lights)
        self.screens[-1].text_lines()
        return bytes(self.canvas.buffer)


def play_through(test, options, seed):
    """Press through a whole game (varying the choice), drawing every state."""
    app = StandInApp(options, seed)
    screen = app.screens[0]
    pictures = {}
    for step in range(600):
        picture = app.render()
        test.assertTrue(any(picture))
        pictures[picture] = True
        if app.game.is_over():
            break
        for _ in range(step % 3):
            screen.button("right", SHORT)
        screen.button("ok", SHORT)
    test.assertTrue(app.game.is_over(), "options %r seed %d" % (options, seed))
    app.render()
    test.assertEqual(app.messages, [])
    return app, len(pictures)


class MmmScreenTest(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        self.assertTrue(isinstance(StandInApp({}).screens[0], MmmScreen))

    def test_every_level_plays_to_the_end(self):
        for options in (
            {},
            {"side": 2, "variant": "line"},
            {"level": "items", "variant": "line"},
            {"level": "lite", "players": 3},
        ):
            app, pictures = play_through(self, options, 5)
            self.assertTrue(pictures > 10)
            result = app.game.result
            lines = app.screens[0].text_lines()
            self.assertEqual(lines[0], "You won!" if result["won"] else "The cat got in!")
            self.assertEqual(lines[1], chart.RATING_TEXT[result["rating"]])
            if result["won"]:
                self.assertEqual(lines[2], "cat distance %d" % result["distance"])
            else:
                self.assertTrue(lines[2].startswith("%d piece" % result["pieces_left"]))
            self.assertEqual(lines[-1], "> Play again")
            screen = app.screens[0]
            screen.end_choice = END_CHOICES.index("See board")
            screen.button("ok", SHORT)  # the table as it ended
            lines = screen.text_lines()
            self.assertTrue(lines[1].startswith("won, d=") or lines[1].startswith("lost, "))
            self.assertTrue(any(app.render()))
            screen.button("ok", SHORT)  # back to the result
            self.assertEqual(screen.text_lines()[-1], "> See board")

    def test_choices_cycle_and_ok_acts(self):
        app = StandInApp({}, seed=1)
        screen = app.screens[0]
        app.render()
        self.assertEqual(screen.choice, "roll")
        screen.button("ok", SHORT)
        self.assertEqual(app.game.rolls, 1)
        app.render()
        actions = app.game.legal_actions()
        self.assertEqual(screen.choice, actions[0])
        screen.button("right", REPEAT)
        self.assertEqual(screen.choice, actions[1])
        screen.button("left", SHORT)
        screen.button("left", SHORT)
        self.assertEqual(screen.choice, actions[-1])

    def test_long_back_undoes_and_short_back_goes_home(self):
        app = StandInApp({}, seed=1)
        screen = app.screens[0]
        screen.button("ok", SHORT)
        self.assertEqual(len(app.session.match.actions), 1)
        screen.button("back", LONG)
        self.assertEqual(len(app.session.match.actions), 0)
        screen.button("back", LONG)  # nothing to undo: a message, no crash
        self.assertEqual(len(app.messages), 1)
        screen.button("back", SHORT)
        self.assertEqual(app.homes, 1)

    def test_odds_page(self):
        app = StandInApp({}, seed=1)
        screen = app.screens[0]
        screen.button("ok", LONG)
        self.assertTrue(isinstance(app.screens[-1], OddsScreen))
        self.assertIn("re-roll", " ".join(app.screens[-1].text_lines()))
        app.render()
        app.screens[-1].button("back", SHORT)
        self.assertEqual(len(app.screens), 1)
        screen.button("ok", SHORT)  # roll
        while "reroll" not in app.game.legal_actions():
            screen.choice = None
            screen.button("ok", SHORT)  # place the first listed
            if app.game.rolls == 0:
                screen.button("ok", SHORT)  # a new turn: roll
        screen.button("ok", LONG)
        lines = app.screens[-1].text_lines()
        self.assertTrue(lines[0].startswith("Re-roll"))
        self.assertTrue(lines[1].startswith("bust") and lines[1].endswith("%"))
        app.render()

    def test_lite_odds_page_says_why_not(self):
        app = StandInApp({"level": "lite"})
        app.screens[0].button("ok", LONG)
        self.assertIn("lite", app.screens[-1].text_lines()[0])

    def test_place_choice_blinks_on_the_map(self):
        app = StandInApp({}, seed=1)
        screen = app.screens[0]
        self.assertFalse(screen.tick(0))  # "roll": nothing blinks
        screen.button("ok", SHORT)
        app.render()
        self.assertTrue(screen.choice.startswith("place "))
        first = app.render()
        self.assertTrue(screen.tick(400))
        self.assertNotEqual(app.render(), first)
        self.assertFalse(screen.tick(500))

    def test_bust_beeps(self):
        app = StandInApp({"level": "lite"}, seed=2)
        app.screens[0].button("ok", SHORT)  # roll
        self.assertEqual(app.game.phase, "report")
        app.screens[0].choice = "none"
        app.screens[0].button("ok", SHORT)
        self.assertEqual(app.beeps, [300])

    def test_lights_show_cat_pantry_and_dice(self):
        app = StandInApp({"level": "lite"}, seed=2)
        screen = app.screens[0]
        app.render()
        self.assertEqual(app.lights.colors[0], CAT)
        self.assertEqual(app.lights.colors[11], PANTRY)
        screen.button("ok", SHORT)  # roll
        screen.choice = "none"
        screen.button("ok", SHORT)  # bust: the cat steps
        app.render()
        self.assertEqual(app.lights.colors[1], CAT)
        self.assertNotEqual(app.lights.colors[0], (0, 0, 0))  # walked
        screen.button("ok", SHORT)  # roll
        app.render()
        for die in range(3):
            self.assertEqual(app.lights.colors[12 + die], FOOD_COLORS[app.game.faces[die]])
