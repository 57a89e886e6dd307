"""The page that asks for the faces rolled at the table, driven by button presses.

Each game with dice runs with the option ``rolls: table`` in the real App on the
recording HAL (tests/core/app_kit.py); the presses are those a player makes, and
the journal must get the action with exactly the faces entered.
"""

import unittest

from app_kit import RecordingApp, game_app, hold
from recording_hal import make_hal

from pawtrack import games
from pawtrack.buttons import LONG, SHORT
from pawtrack.ui.dice_entry import CountEntry, DiceEntry

MYSTICS_SETUP = ("endpage 6", "hero collin", "hero nez", "minion rats", "deal")


def press(app, *names):
    for name in names:
        kind = SHORT
        if ":" in name:
            name, kind = name.split(":")
        app.press(name, kind)
        app.render()


def last_action(app):
    match = app.session.match
    return match.actions(match.moves - 1, 1)[0]


def mystics_app():
    app = game_app("mice_mystics", {"rolls": "table"}, seed=11)
    for action in MYSTICS_SETUP:
        app.session.act(action)
    app.render()
    assert app.game.current == "collin", app.game.track
    return app


def mmm_app(**options):
    options["rolls"] = "table"
    app = game_app("mmm", options, seed=3)
    app.render()
    return app


class MiceMysticsEntry(unittest.TestCase):
    def test_a_move_roll_asks_for_the_number(self):
        app = mystics_app()
        self.assertEqual(app.table.text_lines()[-1], "> Move roll")
        press(app, "ok")
        self.assertTrue(isinstance(app.screen, DiceEntry))
        self.assertEqual(app.screen.text_lines(), ["Your roll: 1 die", "1"])
        press(app, "right", "ok")
        self.assertIs(app.screen, app.table)
        self.assertEqual(last_action(app), "move 1 2")
        self.assertEqual(app.game.last[3], (2,))

    def test_an_attack_enters_each_die_from_the_one_before(self):
        app = mystics_app()
        press(app, "right", "ok", "ok", "ok")  # Battle, Melee, the count picker's 2 dice
        self.assertTrue(isinstance(app.screen, DiceEntry))
        press(app, "right", "right", "right")  # sword* > swordshield > swordshield* > bow
        press(app, "ok")  # the second die starts on bow
        self.assertEqual(app.screen.text_lines()[1], "bow bow")
        press(app, "right", "right", "ok")
        self.assertEqual(last_action(app), "attack melee 2 bow cheese")
        self.assertEqual(app.game.last, ("attack", "melee", ("bow", "cheese"), (), "collin"))
        self.assertEqual(app.game.cheese["collin"], 1)

    def test_long_ok_takes_every_die_as_shown_and_back_cancels(self):
        app = mystics_app()
        moves = app.session.match.moves
        press(app, "right", "right", "ok")  # Search, 1 die
        self.assertTrue(isinstance(app.screen, DiceEntry))
        press(app, "back")
        self.assertIs(app.screen, app.table)
        self.assertEqual(app.session.match.moves, moves)
        press(app, "left", "ok", "right", "ok", "right", "ok")  # Battle, Ranged, 3 dice
        press(app, "right", "right", "right", "ok:" + LONG)
        self.assertEqual(last_action(app), "attack ranged 3 bow bow bow")
        self.assertEqual(app.game.phase, "defence")


class MmmEntry(unittest.TestCase):
    def test_the_roll_asks_for_three_food_faces(self):
        app = mmm_app()
        self.assertEqual(app.table.text_lines()[-1], "> Roll")
        press(app, "ok")
        self.assertTrue(isinstance(app.screen, DiceEntry))
        press(app, "right", "ok", "ok", "left", "ok")  # fish; fish; fish back to bread
        self.assertEqual(last_action(app), "roll fish fish bread")
        self.assertEqual(app.game.faces, ["fish", "fish", "bread"])
        self.assertEqual(app.game.phase, "report")

    def test_a_reroll_asks_for_the_unplaced_dice_only(self):
        app = mmm_app()
        app.session.act("roll x cheese x")
        app.session.act("placed 1")
        app.render()
        press(app, "ok")
        self.assertEqual(app.screen.text_lines(), ["Your roll: 2 dice", "bread bread"])
        press(app, "left", "ok:" + LONG)
        self.assertEqual(last_action(app), "reroll x x")



class ChopEntry(unittest.TestCase):
    def test_each_side_enters_its_own_die_value(self):
        app = game_app("chop", {"rolls": "table"}, seed=3)
        app.render()
        self.assertEqual(app.table.text_lines()[-1], "> Roll die")
        press(app, "ok")
        self.assertTrue(isinstance(app.screen, DiceEntry))
        press(app, "left", "ok")  # from 1 back round to the mouse die's 4
        self.assertEqual(last_action(app), "roll 4")
        self.assertEqual(app.game.rolled, 4)
        app.session.act("end")
        app.render()
        press(app, "ok", "left", "ok")  # the cat die has no 4: round to 3
        self.assertEqual(last_action(app), "roll 3")


class OmNomNomEntry(unittest.TestCase):
    def test_fifteen_dice_are_entered_as_counts_per_face(self):
        app = game_app("om_nom_nom", {"rolls": "table"}, seed=3)
        app.render()
        press(app, "ok")
        self.assertTrue(isinstance(app.screen, CountEntry))
        self.assertEqual(app.screen.counts, [3, 3, 3, 2, 2, 2])  # the first guess
        press(app, "left", "ok")  # rabbits 2: the flies take the other
        press(app, "right", "right", "ok")  # carrots 5: two flies fewer
        self.assertEqual(app.screen.counts, [2, 5, 3, 2, 2, 1])
        press(app, "right", "right")  # mice 5, flies 0 (cannot go below)
        self.assertEqual(app.screen.counts, [2, 5, 4, 2, 2, 0])
        press(app, "back", "left", "ok:" + LONG)  # back to the carrots: 4, flies 1
        self.assertEqual(app.session.match.moves, 1)
        self.assertEqual(app.game.rolled, [2, 4, 4, 2, 2, 1])
        self.assertTrue(last_action(app).startswith("roll rabbit rabbit carrot "))
        self.assertIs(app.screen, app.table)

    def test_back_on_the_first_face_cancels(self):
        app = game_app("om_nom_nom", {"rolls": "table"}, seed=3)
        app.render()
        press(app, "ok", "right", "back")
        self.assertIs(app.screen, app.table)
        self.assertEqual(app.session.match.moves, 0)


class ThreeButtons(unittest.TestCase):
    """Left, ok and right only, held on the pins: holding left is back (a die back)."""

    def test_a_roll_entered_and_corrected_with_three_buttons(self):
        app = RecordingApp(make_hal(buttons=("left", "ok", "right")), games.catalog())
        app.start_match(games.find("mmm"), {"rolls": "table"}, 5)
        app.table.animate = False
        hold(app, "ok")
        self.assertTrue(isinstance(app.screen, DiceEntry))
        hold(app, "right")  # fish
        hold(app, "ok")  # the second die, on fish
        hold(app, "left", 800)  # back to the first die
        self.assertEqual(app.screen.cursor, 0)
        hold(app, "right")  # cucumber
        hold(app, "ok")
        hold(app, "ok")  # the second die stays fish once reached
        hold(app, "left")  # the third: fish -> bread
        hold(app, "ok", 800)  # a long ok: done
        self.assertIs(app.screen, app.table)
        self.assertEqual(last_action(app), "roll cucumber fish bread")


if __name__ == "__main__":
    unittest.main()
