"""Mice and Mystics screens: setup, battle wizard, dice pictures, LEDs, alarms (both interpreters).

The screens run in the real App on the recording HAL (tests/core/app_kit.py)
and are driven with ``app.press`` (the button events the top screen gets);
the simulator with its pins and time is tested in
tests/host/test_mice_mystics_sim.py.
"""

import unittest

from app_kit import game_app

from pawtrack.buttons import SHORT
from pawtrack.games.mice_mystics import trackers
from pawtrack.games.mice_mystics.screen import (
    DIE_PITCH,
    FACE_ICONS,
    SMALL_DIE_PITCH,
    SMALL_FACE_ICONS,
    MysticsScreen,
)
from pawtrack.rng import Rng
from pawtrack.ui import lights

# Seed 11 deals collin, nez, rats in that order (checked in new_app).
SEED = 11


def new_app(actions=("endpage 6", "hero collin", "hero nez", "minion rats", "deal"), leds=12,
            **options):
    app = game_app("mice_mystics", options, seed=SEED, leds=leds)
    for action in actions:
        app.session.act(action)
    if "minion rats" in actions and len(actions) == 5:
        assert app.game.track == ["collin", "nez", "rats"], app.game.track
    app.render()
    return app


def press(app, *names):
    for name in names:
        kind = SHORT
        if ":" in name:
            name, kind = name.split(":")
        app.press(name, kind)
        app.render()


def shown_choice(app):
    return app.table.text_lines()[-1]


def icon_drawn(canvas, icon, x, y):
    """Does the canvas show exactly this icon's lit pixels at (x, y)?"""
    width, height, rows = icon
    stride = (width + 7) // 8
    for yy in range(height):
        for xx in range(width):
            lit = 1 if rows[yy * stride + xx // 8] & (0x80 >> (xx % 8)) else 0
            if canvas.pixel(x + xx, y + yy) != lit:
                return False
    return True


class SetupAndTurns(unittest.TestCase):
    def test_make_screen_gives_the_table(self):
        self.assertTrue(isinstance(new_app(()).table, MysticsScreen))

    def test_3_4_chapter_setup_by_pickers(self):
        app = new_app(())
        self.assertEqual(shown_choice(app), "> End page")
        press(app, "ok", "right", "ok")  # end page picker starts on 6: 7
        self.assertEqual(app.game.end, 7)
        self.assertEqual(shown_choice(app), "> Heroes")
        press(app, "ok", "ok", "right", "right", "ok", "back")  # Collin and Filch
        self.assertEqual(app.game.heroes, ["collin", "filch"])
        self.assertEqual(shown_choice(app), "> Deal track")
        press(app, "left", "ok", "right", "right", "right", "ok", "back")  # Spider
        self.assertEqual(app.game.chosen, ["spider"])
        self.assertEqual(shown_choice(app), "> Deal + ambush")
        press(app, "ok")
        self.assertEqual(app.game.phase, "turn")
        self.assertEqual(sorted(app.game.track), ["collin", "filch", "spider"])
        self.assertEqual(app.messages, [])

    def test_3_4_the_choice_shown_is_what_the_device_expects_next(self):
        app = new_app()
        self.assertEqual(app.game.current, "collin")
        self.assertEqual(shown_choice(app), "> Move roll")
        press(app, "ok")
        self.assertEqual(shown_choice(app), "> Battle")
        app.session.act("check search 1")
        app.render()
        self.assertEqual(shown_choice(app), "> End turn")
        press(app, "ok")
        self.assertEqual((app.game.current, shown_choice(app)), ("nez", "> Move roll"))
        app.session.act("end")  # over the protocol: the screen follows too
        app.render()
        self.assertEqual(app.game.current, "rats")
        self.assertEqual(shown_choice(app), "> Move rolls")
        self.assertEqual(app.table.text_lines()[0], "Rats R1")

    def test_3_4_battle_wizard_mouse_attacks_minion_defends(self):
        app = new_app()
        press(app, "ok", "ok")  # move roll; Battle opens the mode picker
        self.assertEqual(app.screen.text_lines(), ["Collin attacks", "> Melee"])
        press(app, "right", "ok")  # ranged
        self.assertEqual(app.screen.text_lines(), ["Ranged dice", "> 2 dice"])
        press(app, "right", "ok")  # 3 dice
        last = app.game.last
        self.assertEqual((last[0], last[1], len(last[2])), ("attack", "ranged", 3))
        if app.game.phase == "defence":
            press(app, "ok")
            self.assertEqual(app.screen.text_lines()[1], "> 1 die")
            press(app, "ok")
            battle = app.game.last_battle
            lines = app.table.text_lines()
            self.assertEqual(lines[1], "attack " + " ".join(battle[6]))
            said = "Wounds: %d of %d" % (battle[5], battle[3]) if battle[5] else "All blocked"
            self.assertIn(said, lines)
        else:
            self.assertIn("No hit", app.table.text_lines())
        self.assertEqual(shown_choice(app), "> End turn")

    def test_3_4_battle_wizard_minion_attacks_a_chosen_mouse(self):
        app = new_app()
        for _ in range(2):
            app.session.act("end")
        for _ in range(30):
            app.session.act("attack melee 8")
            if app.game.phase == "defence":
                break
            app.session.undo()
            app.session.act("roll check 1")  # moves the RNG on
        app.render()
        self.assertEqual(shown_choice(app), "> Defend")
        press(app, "ok")
        self.assertEqual(app.screen.text_lines()[0][:9], "Defender,")
        press(app, "right", "ok")  # Nez
        self.assertEqual(app.screen.text_lines()[0], "Nez defends")
        press(app, "ok")
        self.assertEqual(app.game.last_battle[1], "nez")
        self.assertEqual(app.table.text_lines()[-1], "> End turn")
        self.assertIn("Next defender", [app.table.label(a) for a in app.table.actions()])

    def test_3_4_dice_are_drawn_with_their_face_symbols(self):
        app = new_app()
        app.session.act("roll check 8")
        app.render()
        faces = app.game.last[2]
        for index in range(len(faces)):
            x = (index % 6) * DIE_PITCH
            y = 12 + (index // 6) * DIE_PITCH
            self.assertTrue(icon_drawn(app.canvas, FACE_ICONS[faces[index]], x, y), index)
        self.assertEqual(sorted(FACE_ICONS), sorted(["sword*", "swordshield", "swordshield*",
                                                     "bow", "bow*", "cheese"]))

    def test_3_4_round_end_question_suggests_the_likely_answer(self):
        app = new_app()
        for _ in range(3):
            app.session.act("end")
        app.render()
        self.assertEqual(shown_choice(app), "> Minions on board")
        app.session.act("board yes")
        app.session.act("defeated rats")
        for _ in range(2):
            app.session.act("end")
        app.render()
        self.assertEqual(shown_choice(app), "> No minions")
        press(app, "ok")
        self.assertEqual(app.game.wheel, 1)

    def test_3_4_long_back_undoes_back_goes_home_long_ok_shows_the_chapter(self):
        app = new_app()
        press(app, "ok")
        self.assertEqual(app.game.moved, 1)
        press(app, "back:long")
        self.assertEqual(app.game.moved, 0)
        press(app, "ok:long")
        lines = app.screen.text_lines()
        self.assertEqual(lines[0], "Round 1  wheel 0/6")
        self.assertIn("1 Collin <", lines)
        press(app, "back")
        self.assertTrue(app.screen is app.table)
        press(app, "back")
        self.assertEqual(app.homes, 1)

    def test_3_4_chapter_won_asks_first(self):
        app = new_app()
        while app.table.current()[0] != "won":
            press(app, "left")
        press(app, "ok")
        self.assertEqual(type(app.screen).__name__, "ConfirmScreen")
        press(app, "ok")  # "Not yet" is highlighted first
        self.assertFalse(app.game.is_over())
        press(app, "ok", "right", "ok")
        self.assertTrue(app.game.result["won"])
        self.assertEqual(app.table.text_lines()[0], "Chapter won! R1")

    def test_every_state_of_a_played_chapter_draws(self):
        app = new_app(("endpage 4", "hero collin", "hero nez", "hero lily", "minion rats",
                       "minion spider", "deal ambush"))
        pictures = {}
        for step in range(800):
            picture = app.render()
            self.assertTrue(any(picture))
            pictures[picture] = True
            if app.game.is_over():
                break
            if step % 11 == 5:
                press(app, "right", "right")
            press(app, "ok")
            presses = 0
            while app.screen is not app.table:  # pickers: take what they offer
                press(app, "ok" if step % 7 and presses < 5 else "back")
                presses += 1
        self.assertTrue(app.game.is_over())
        self.assertTrue(len(pictures) > 40, len(pictures))

    def test_every_legal_action_draws_without_an_error(self):
        # Any action a host may send over the protocol, not only what the buttons
        # suggest, leaves a table that draws (a screen error would be a message).
        chooser = Rng(9)
        for seed in (1, 2):
            app = new_app(("endpage 9", "hero collin", "hero filch", "minion roaches",
                           "minion vanestra", "deal ambush"), movement="face")
            for _ in range(120):
                legal = app.game.legal_actions()
                if not legal:
                    break
                calm = [a for a in legal if a != "won"]
                app.session.act(chooser.choice(calm or legal))
                app.step(seed * 100000 + len(app.session.match.recent))
                self.assertEqual(app.messages, [], app.session.match.recent)


class RulesOnTheScreen(unittest.TestCase):
    """What issue-27's rules checks found: the screen leads to what the rules say."""

    def test_3_3_a_captured_mouse_without_minions_is_rescued_by_the_first_ok(self):
        app = game_app("mice_mystics", {}, seed=4243, leds=12)
        for action in ("endpage 8", "hero collin", "hero nez", "minion rats", "deal", "end",
                       "captured nez", "defeated rats", "end", "board no"):
            app.session.act(action)
        app.render()
        self.assertEqual((app.game.current, app.game.captured), ("nez", ["nez"]))
        self.assertEqual(shown_choice(app), "> Rescue")
        self.assertIn("the rescue is", app.table.text_lines())
        press(app, "ok")
        self.assertEqual(app.game.captured, [])
        self.assertEqual(app.table.text_lines()[1:5], ["Rescued:", "Nez, place", "by a mouse.",
                                                       "Turn is over."])

    def test_3_3_with_a_minion_card_on_the_track_there_is_no_rescue_to_offer(self):
        app = new_app()
        while app.table.current()[0] != "?captured":
            press(app, "left")
        press(app, "ok", "right", "ok")  # Nez (by the buttons: the screen says it)
        self.assertEqual(app.game.captured, ["nez"])
        self.assertEqual(app.table.text_lines()[1:5], ["Captured:", "Nez", "cheese lost,",
                                                       "hourglass +1"])
        app.session.act("end")
        app.render()
        self.assertEqual(shown_choice(app), "> End turn")
        self.assertNotIn("rescue", app.table.actions())
        app.session.act("end")
        app.session.act("end")  # the rats
        app.render()
        self.assertEqual(app.game.phase, "round_end")
        self.assertEqual(app.table.actions(), ["board yes", "?defeated", "won"])

    def test_3_4_a_second_action_is_asked_about_with_the_reason(self):
        app = new_app()
        app.session.act("check search 1")  # collin's action
        app.render()
        self.assertEqual(shown_choice(app), "> End turn")
        press(app, "right", "right")  # "Battle": melee, 2 dice
        self.assertEqual(shown_choice(app), "> Battle")
        press(app, "ok", "ok", "ok")
        self.assertEqual(type(app.screen).__name__, "ConfirmScreen")
        self.assertEqual(app.screen.text_lines()[:2], ["Collin took an action",
                                                       "this turn: one per"])
        moves = app.session.match.moves
        press(app, "ok")  # "Cancel" first
        self.assertEqual(app.session.match.moves, moves)
        press(app, "ok", "ok", "ok", "right", "ok")  # an ability card allows it
        self.assertEqual(app.session.match.moves, moves + 1)
        self.assertEqual(app.game.last[0], "attack")

    def test_3_4_the_cheese_picker_offers_share_and_level_up_only_on_the_mouses_turn(self):
        app = new_app()
        for _ in range(6):
            app.session.act("cheese nez +1")
        app.session.act("end")
        app.session.act("end")  # the rats' turn
        app.render()
        app.table.ask_cheese("nez")
        labels = [label for label, _ in app.screen.options]
        self.assertEqual(labels, ["+1 cheese", "-1 cheese", "Roach stole 1"])
        press(app, "back")
        app.session.undo()  # nez's turn again
        app.render()
        app.table.ask_cheese("nez")
        labels = [label for label, _ in app.screen.options]
        self.assertEqual(labels, ["Level up (-6)", "+1 cheese", "-1 cheese", "Give one",
                                  "Roach stole 1"])

    def test_3_3_ambush_rolls_are_said(self):
        app = new_app(("endpage 6", "hero collin", "hero nez", "minion rats"))
        press(app, "ok")  # "Deal + ambush" comes first
        lines = app.table.text_lines()
        self.assertEqual(lines[1], "Ambush! rolled")
        card = app.game.track.index("rats") + 1
        self.assertTrue(lines[2].startswith("Rats ") and lines[2].endswith("> #%d" % card),
                        lines[2])

    def test_3_4_the_acting_mouses_cheese_is_in_the_title(self):
        app = new_app()
        app.session.act("cheese collin +1")
        app.render()
        self.assertEqual(app.table.text_lines()[0], "Collin 1 cheese R1")
        app.session.act("end")
        app.session.act("end")
        app.render()
        self.assertEqual(app.table.text_lines()[0], "Rats R1")

    def test_3_4_a_battle_of_eight_dice_shows_the_attack_too(self):
        app = new_app()
        app.session.act("end")
        app.session.act("end")  # the rats attack with 8 dice
        app.game.rng = Rng(3)
        for _ in range(20):
            app.session.act("attack melee 8")
            if app.game.phase == "defence":
                break
            app.session.undo()
            app.game.rng = Rng(app.game.rng.below(1000) + 7)
        app.session.act("defend collin 7")
        app.render()
        attack = app.game.last_battle[6]
        defence = app.game.last[2]
        self.assertEqual((len(attack), len(defence)), (8, 7))
        for index in range(8):
            self.assertTrue(icon_drawn(app.canvas, SMALL_FACE_ICONS[attack[index]],
                                       index * SMALL_DIE_PITCH, 13), index)
        for index in range(7):
            self.assertTrue(icon_drawn(app.canvas, SMALL_FACE_ICONS[defence[index]],
                                       index * SMALL_DIE_PITCH, 25), index)


class LedsAndAlarms(unittest.TestCase):
    def test_3_4_wheel_on_six_leds_and_the_story_track_on_the_rest(self):
        app = new_app(("endpage 4", "hero collin", "deal"))
        app.session.act("wheel +1")
        app.session.act("wheel +1")
        app.render()
        colors = app.lights.colors
        self.assertEqual(colors[:6], [lights.YELLOW] * 2 + [lights.OFF] * 4)
        # Hourglass on page 1, end on page 4: white, two dark pages, red.
        self.assertEqual(colors[6:], [lights.WHITE, lights.OFF, lights.OFF, lights.RED,
                                      lights.OFF, lights.OFF])
        app.session.act("endpage +1")
        app.session.act("endpage +1")
        app.session.act("endpage +1")
        app.render()
        self.assertEqual(app.lights.colors[11], lights.ORANGE)  # end marker beyond the strip

    def test_3_4_page_leds_pure(self):
        self.assertEqual(trackers.page_leds(6, 3, 7, 10),
                         ("hourglass", None, None, None, "end", None))
        self.assertEqual(trackers.page_leds(6, 2, 9, 10),
                         ("hourglass", None, None, None, None, "further"))
        self.assertEqual(trackers.page_leds(10, 3, 6, 10),
                         ("past", "past", "hourglass", None, None, "end", None, None, None, None))

    def test_3_4_sixteen_leds_show_every_page(self):
        app = new_app(("endpage 9", "hero collin", "deal"), leds=16)
        app.session.act("hourglass +1")
        app.render()
        colors = app.lights.colors
        self.assertEqual(colors[6:16], [(40, 40, 40), lights.WHITE] + [lights.OFF] * 6
                         + [lights.RED, lights.OFF])

    def test_3_2_surge_flashes_the_wheel_and_beeps_and_says_what_to_do(self):
        app = new_app()
        for _ in range(6):
            app.session.act("wheel +1")
        app.step(1000)
        self.assertIn(880, app.beeps)
        self.assertEqual(app.table.text_lines()[1:3], ["SURGE! Do the", "chapter's or"])
        seen = {}
        for now in range(1000, 2400, 50):
            app.step(now)
            seen[tuple(app.lights.colors[:6])] = True
        self.assertIn(tuple([lights.ORANGE] * 6), seen)
        self.assertIn(tuple([lights.OFF] * 6), seen)
        app.step(3000)
        self.assertEqual(app.lights.colors[:6], [lights.OFF] * 6)  # the wheel is empty

    def test_3_2_defeat_alarm_blinks_red_and_beeps(self):
        app = new_app(("endpage 2", "hero collin", "deal"))
        app.session.act("hourglass +1")
        app.step(500)
        self.assertIn(330, app.beeps)
        reds = 0
        for now in range(500, 2000, 50):
            app.step(now)
            if app.lights.colors == [lights.RED] * 12:
                reds += 1
        self.assertTrue(0 < reds < 30)
        self.assertEqual(app.table.text_lines()[1:3], ["The hourglass", "reached the"])
        app.step(9000)
        self.assertEqual(app.lights.colors, [lights.RED] * 12)  # steady after the alarm
        press(app, "back:long")  # undo the last action: the chapter goes on
        self.assertFalse(app.game.is_over())


if __name__ == "__main__":
    unittest.main()
