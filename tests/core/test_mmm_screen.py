"""Mmm! screens: every level draws, buttons act, undo, odds page, LEDs.

The screens run in the real App on the recording HAL (tests/core/app_kit.py),
on both interpreters. Animations are switched off here unless a test is
about them (test_mmm_anim.py plays them).
"""

import unittest

from app_kit import game_app

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games.mmm import chart
from pawtrack.games.mmm.anim import CAT, PANTRY
from pawtrack.games.mmm.screen import END_CHOICES, MmmScreen, OddsScreen
from pawtrack.ui.lights import FOOD_COLORS


def mmm_app(options, seed=3, **kwargs):
    """An app with an Mmm! match and the three dice LEDs after the track (12-14)."""
    kwargs.setdefault("leds", 15)
    kwargs.setdefault("status", (12, 13, 14))
    return game_app("mmm", options, seed, **kwargs)

def play_through(test, options, seed):
    """Press through a whole game (varying the choice), drawing every state."""
    app = mmm_app(options, seed)
    screen = app.table
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
        app = mmm_app({})
        self.assertTrue(isinstance(app.screen, MmmScreen))  # on top of the main menu
        self.assertEqual(type(app.screens[0]).__name__, "HomeScreen")
        table = app.render()
        # What the players see: player 1's first turn, no dice yet, the cat at the
        # start of an 11-space track, Roll offered.
        self.assertEqual(app.table.text_lines(), ["P1 T1 - - -", "cat 0/11", "> Roll"])
        app.press("ok")
        self.assertEqual(app.session.match.recent, ["roll"])
        faces = app.table.text_lines()[0].split()[2:]
        self.assertEqual(faces, list(app.game.faces))
        self.assertNotEqual(app.render(), table)

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
            lines = app.table.text_lines()
            self.assertEqual(lines[0], "You won!" if result["won"] else "The cat got in!")
            self.assertEqual(lines[1], chart.RATING_TEXT[result["rating"]])
            if result["won"]:
                self.assertEqual(lines[2], "cat distance %d" % result["distance"])
            else:
                self.assertTrue(lines[2].startswith("%d piece" % result["pieces_left"]))
            self.assertEqual(lines[-1], "> Play again")
            screen = app.table
            screen.end_choice = END_CHOICES.index("See board")
            screen.button("ok", SHORT)  # the table as it ended
            lines = screen.text_lines()
            self.assertTrue(lines[1].startswith("won, d=") or lines[1].startswith("lost, "))
            self.assertTrue(any(app.render()))
            screen.button("ok", SHORT)  # back to the result
            self.assertEqual(screen.text_lines()[-1], "> See board")

    def test_choices_cycle_and_ok_acts(self):
        app = mmm_app({}, seed=1)
        screen = app.table
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
        app = mmm_app({}, seed=1)
        screen = app.table
        screen.button("ok", SHORT)
        self.assertEqual(app.session.match.moves, 1)
        screen.button("back", LONG)
        self.assertEqual(app.session.match.moves, 0)
        screen.button("back", LONG)  # nothing to undo: a message, no crash
        self.assertEqual(len(app.messages), 1)
        screen.button("back", SHORT)
        self.assertEqual(app.homes, 1)

    def test_odds_page(self):
        app = mmm_app({}, seed=1)
        screen = app.table
        screen.button("ok", LONG)
        self.assertTrue(isinstance(app.screens[-1], OddsScreen))
        self.assertIn("re-roll", " ".join(app.screens[-1].text_lines()))
        app.render()
        app.screens[-1].button("back", SHORT)
        self.assertEqual(len(app.screens), 2)
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
        app = mmm_app({"level": "lite"})
        app.table.button("ok", LONG)
        self.assertIn("lite", app.screens[-1].text_lines()[0])

    def test_place_choice_blinks_on_the_map(self):
        app = mmm_app({}, seed=1)
        screen = app.table
        self.assertFalse(screen.tick(0))  # "roll": nothing blinks
        screen.button("ok", SHORT)
        app.render()
        self.assertTrue(screen.choice.startswith("place "))
        first = app.render()
        self.assertTrue(screen.tick(400))
        self.assertNotEqual(app.render(), first)
        self.assertFalse(screen.tick(500))

    def test_bust_beeps(self):
        app = mmm_app({"level": "lite"}, seed=2)
        app.table.button("ok", SHORT)  # roll
        self.assertEqual(app.game.phase, "report")
        app.table.choice = "none"
        app.table.button("ok", SHORT)
        self.assertEqual(app.beeps, [300])

    def test_lights_show_cat_pantry_and_dice(self):
        app = mmm_app({"level": "lite"}, seed=2)
        screen = app.table
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
