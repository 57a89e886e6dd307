"""Mmm! animations: the plan of an action, the tumbling dice, the LED hallway, skipping.

Runs on both interpreters, in the real App on the recording HAL
(tests/core/app_kit.py) with animations on and time given by the test.
"""

import unittest

from app_kit import game_app

from pawtrack.buttons import SHORT
from pawtrack.games.mmm import anim
from pawtrack.games.mmm.anim import CAT, PANTRY, WALKED
from pawtrack.ui.lights import FOOD_COLORS, OFF, RED, Lights


def animated(options, seed=1, leds=15):
    app = game_app("mmm", options, seed, leds=leds, status=range(12, leds), animate=True)
    return app, app.table


def choose(screen, action):
    """Show the choice that does ``action`` (as if the player had scrolled to it)."""
    for choice in screen.actions():
        if choice.action == action:
            screen.choice = choice
            return
    raise AssertionError("no choice does " + action)


def leds_at(app, screen, now):
    screen.tick(now)
    app.render()
    return list(app.lights.colors)


def finish(app, screen, start):
    """Let an animation run out; returns the time it ended."""
    now = start
    while screen.animation is not None:
        now += 20
        screen.tick(now)
        if now - start > 10000:
            raise AssertionError("the animation never ends")
    app.render()
    return now


class PlanTest(unittest.TestCase):
    def test_plan_follows_the_events(self):
        events = [
            {"ev": "roll", "roll": 1, "dice": [0, 1, 2], "faces": ["x", "x", "x"]},
            {"ev": "bust", "returned": 0},
            {"ev": "cat", "pos": 11, "distance": 0},
            {"ev": "end", "won": False, "distance": 0, "pieces_left": 4, "rating": "not_much"},
        ]
        kinds = [step.kind for step in anim.plan(events)]
        self.assertEqual(kinds, ["roll", "bust", "step", "lost"])
        self.assertEqual(anim.plan([{"ev": "place", "die": 0}]), [])
        won = anim.plan([{"ev": "cat_stays", "pos": 2}, {"ev": "end", "won": True}])
        self.assertEqual([step.kind for step in won], ["stays", "won"])
        self.assertEqual(anim.Animation(won).total, anim.STAYS_MS + anim.WIN_MS)

    def test_led_of_scales_the_track_onto_the_strip(self):
        self.assertEqual([anim.led_of(p, 11, 12) for p in range(12)], list(range(12)))
        for track in (11, 12, 13):
            for leds in (5, 12, 24):
                shown = [anim.led_of(p, track, leds) for p in range(track + 1)]
                self.assertEqual(shown[0], 0)
                self.assertEqual(shown[-1], leds - 1)
                self.assertEqual(shown, sorted(shown))
                self.assertTrue(shown[-2] < leds - 1, "only the pantry is the last LED")
        self.assertEqual(anim.led_of(3, 11, 1), 0)

    def test_flicker_changes_every_frame(self):
        for die in range(3):
            faces = [anim.flicker_face(die, t) for t in range(0, anim.ROLL_MS, anim.FLICKER_MS)]
            for i in range(1, len(faces)):
                self.assertNotEqual(faces[i], faces[i - 1])


class ScreenAnimationTest(unittest.TestCase):
    def test_roll_tumbles_then_settles_on_the_rolled_faces(self):
        app, screen = animated({})
        screen.button("ok", SHORT)  # roll
        rolled = list(app.game.faces)
        seen = []
        for now in range(1000, 1000 + anim.ROLL_MS, anim.FLICKER_MS):
            screen.tick(now)
            seen.append(screen.shown_faces())
            self.assertEqual(screen.text_lines()[-1][:2], "> ")  # the text view is the truth
        self.assertTrue(len(set(tuple(faces) for faces in seen)) > 3)
        self.assertTrue(screen.tick(1000 + anim.ROLL_MS))  # the end of it redraws
        self.assertEqual(screen.animation, None)
        self.assertEqual(screen.shown_faces(), rolled)

    def test_the_choice_is_hidden_while_the_dice_roll(self):
        app, screen = animated({"level": "board"})
        screen.button("ok", SHORT)
        screen.tick(0)
        rolling = app.render()
        self.assertEqual(screen.text_lines()[-1], "> " + screen.choice.label)
        finish(app, screen, 0)
        self.assertNotEqual(app.render(), rolling)
        self.assertTrue(screen.choice.die >= 0)  # a die to place

    def test_a_press_only_ends_the_animation(self):
        app, screen = animated({"level": "lite"})
        screen.button("ok", SHORT)
        screen.tick(0)
        actions = app.session.match.actions(0, 100000)
        self.assertTrue(screen.button("right", SHORT))
        self.assertEqual(screen.animation, None)
        self.assertEqual(app.session.match.recent, actions)
        choice, legal = screen.current()
        self.assertEqual(choice, legal[0])  # "right" did not move the choice
        screen.button("ok", SHORT)  # now it acts
        self.assertEqual(app.session.match.recent, actions + [choice.action])

    def test_undo_and_protocol_actions_are_not_animated(self):
        app, screen = animated({})
        app.session.act("roll")  # as the protocol would
        self.assertEqual(screen.animation, None)
        screen.button("back", "long")
        self.assertEqual(screen.animation, None)

    def test_an_action_from_elsewhere_ends_the_animation(self):
        app, screen = animated({})
        screen.button("ok", SHORT)  # roll
        screen.tick(0)
        self.assertNotEqual(screen.animation, None)
        app.session.act(app.game.legal_actions()[0])  # as the protocol would
        self.assertTrue(screen.tick(10))
        self.assertEqual(screen.animation, None)

    def test_bust_flashes_red_and_the_cat_steps(self):
        app, screen = animated({"level": "lite"}, seed=2)
        screen.button("ok", SHORT)  # roll
        finish(app, screen, 0)
        choose(screen, "none")
        screen.button("ok", SHORT)
        kinds = [step.kind for step in screen.animation.steps]
        self.assertEqual(kinds, ["bust", "step"])
        flash = leds_at(app, screen, 5000)
        self.assertEqual(flash[:12], [RED] * 12)
        dark = leds_at(app, screen, 5000 + anim.FLASH_MS)
        self.assertEqual(dark[0], CAT)  # between flashes the cat is still at the start
        step = 5000 + anim.BUST_MS
        self.assertEqual(leds_at(app, screen, step)[:2], [CAT, OFF])
        halfway = leds_at(app, screen, step + anim.MOVE_MS // 2)
        self.assertTrue(0 < halfway[0][0] < CAT[0] and 0 < halfway[1][0] < CAT[0])
        rested = leds_at(app, screen, step + anim.MOVE_MS)
        self.assertEqual(rested[:2], [WALKED, CAT])
        finish(app, screen, step + anim.MOVE_MS)
        self.assertEqual(app.lights.colors[1], CAT)
        self.assertEqual(app.lights.colors[11], PANTRY)

    def test_a_roll_that_busts_shows_its_faces_before_the_flash(self):
        app, screen = animated({"level": "board", "variant": "line"}, seed=4)
        for _ in range(300):
            screen = app.table  # "Play again" after an end makes a new one
            screen.choice = None
            screen.button("ok", SHORT)
            plan = screen.animation.steps if screen.animation else []
            if [step.kind for step in plan][:2] == ["roll", "bust"]:
                break
            screen.animation = None
        else:
            self.fail("no roll busted")
        roll = plan[0].event
        self.assertEqual(app.game.faces, [None, None, None])  # the rules moved on
        cat = app.game.cat
        leds = leds_at(app, screen, 0)
        self.assertEqual(leds[anim.led_of(cat - 1, 11, 12)], CAT)  # not there yet
        screen.tick(anim.ROLL_MS + 1)  # the flash: the dice stay as they fell
        faces = screen.shown_faces()
        for i in range(len(roll["dice"])):
            self.assertEqual(faces[roll["dice"][i]], roll["faces"][i])

    def test_status_leds_flicker_then_show_the_dice(self):
        app, screen = animated({})
        screen.button("ok", SHORT)
        first = leds_at(app, screen, 0)[12:15]
        second = leds_at(app, screen, anim.FLICKER_MS)[12:15]
        self.assertNotEqual(first, second)
        finish(app, screen, anim.FLICKER_MS)
        for die in range(3):
            self.assertEqual(app.lights.colors[12 + die], FOOD_COLORS[app.game.faces[die]])

    def test_a_win_is_celebrated_with_a_rainbow(self):
        app, screen = animated({"level": "lite"}, seed=3)
        for _ in range(20):
            if app.game.is_over():
                break
            phase = app.game.phase
            actions = app.game.legal_actions()
            screen.animation = None
            if phase == "report":
                screen.choice = actions[-2]
            elif phase == "decide":
                screen.choice = "stop"
            screen.button("ok", SHORT)
        self.assertTrue(app.game.result["won"])
        self.assertEqual(screen.animation.steps[-1].kind, "won")
        self.assertEqual(screen.text_lines()[0], "You won!")  # shown while it plays
        colours = leds_at(app, screen, 0)[:12]
        self.assertTrue(len(set(colours)) > 6)
        later = leds_at(app, screen, 500)[:12]
        self.assertNotEqual(colours, later)
        finish(app, screen, 500)
        self.assertEqual(screen.text_lines()[-1], "> Play again")

    def test_a_longer_strip_walks_through_the_leds_between(self):
        lights = Lights(24, tuple(range(24)))
        game = game_app("mmm", {"level": "lite"}).game
        game.cat = 1
        steps = anim.plan([{"ev": "cat", "pos": 1, "distance": 10}])
        animation = anim.Animation(steps)
        positions = []
        for t in range(0, anim.MOVE_MS + 1, 50):
            animation.advance(t, lambda a, b: a - b)
            lights.clear()
            anim.paint(lights, game, animation)
            positions.append(max(range(23), key=lambda i: lights.colors[i][2]))
        self.assertEqual(positions[0], 0)
        self.assertEqual(positions[-1], 2)
        self.assertIn(1, positions)
