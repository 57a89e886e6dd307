"""Mice and Mystics with the table rolling: the same chapter as with the device rolling.

Seeded chapters over every other option are played twice (tests/core/table_rolls_kit.py):
the action dice of attacks, defences and checks, the movement numbers of moves,
the dice roller and ambushes are entered by hand with the faces the device
rolled, and everything after the roll is the same. Then the entries the rules
must refuse.
"""

import sys
import unittest

from checkpoint_kit import random_options
from table_rolls_kit import play_both
from test_checkpoint_mice_mystics import choose

from pawtrack import dice
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
MATCHES = 4 if MICROPYTHON else 40


def faces_of(events, faces, count):
    """The faces the device rolled for the action that made ``events``, as words."""
    rolled = []
    for event in events:
        kind = event["ev"]
        if kind in ("move", "roll") and "numbers" in event:
            if "faces" in event:
                rolled += event["faces"]
            else:
                rolled += [str(number) for number in event["numbers"]]
        elif kind in ("attack", "defence", "check", "roll"):
            rolled += event["faces"]
        elif kind == "ambush":
            if faces == dice.MICE_MYSTICS_ACTION:  # the event names the number only
                rolled.append(faces[dice.MICE_MYSTICS_NUMBERS.index(event["roll"])])
            else:
                rolled.append(str(event["roll"]))
    return rolled


def table_chapter(**options):
    options["rolls"] = "table"
    game = MiceMystics(resolve_options(MiceMystics, options), Rng(5))
    for action in ("endpage 8", "hero collin", "hero nez", "minion rats"):
        game.apply(action)
    return game


class TableRollsMiceMystics(unittest.TestCase):
    def test_entered_faces_play_as_the_device_rolled(self):
        entered = 0
        for seed in range(MATCHES):
            options = random_options(MiceMystics, Rng(seed + 100))
            del options["rolls"]
            entered += play_both(self, MiceMystics, options, seed, choose, faces_of, 120)
        self.assertGreater(entered, MATCHES * 10)

    def test_templates_are_listed_and_entry_for_says_the_die(self):
        game = table_chapter()
        self.assertIn("deal ambush <faces>", game.legal_actions())
        self.assertEqual(game.entry_for("deal ambush"), (("1", "2", "3"), 1))
        game.apply("deal ambush 3")
        legal = game.legal_actions()
        self.assertNotIn("move 2", legal)
        self.assertNotIn("end <faces>", legal)
        card = game.current
        if card == "rats":
            self.assertIn("move 2 <faces>", legal)
            self.assertEqual(game.entry_for("move 2"), (("1", "2", "3"), 2))
        self.assertIn("attack melee 3 <faces>", legal)
        self.assertEqual(game.entry_for("attack melee 3 <faces>"), (dice.MICE_MYSTICS_ACTION, 3))
        self.assertIsNone(game.entry_for("end"))
        self.assertIsNone(game.entry_for("attack melee 3 bow"))

    def test_face_movement_enters_action_faces(self):
        game = table_chapter(movement="face")
        self.assertEqual(game.entry_for("deal ambush"), (dice.MICE_MYSTICS_ACTION, 1))
        events = game.apply("deal ambush bow*")
        self.assertEqual([e["roll"] for e in events if e["ev"] == "ambush"], [2])

    def test_impossible_entries_change_nothing(self):
        game = table_chapter()
        game.apply("deal")
        before = game.state()
        for action in ("attack melee 3 <faces>", "attack melee 3", "attack melee 3 bow bow",
                       "attack melee 3 bow bow bow bow", "attack melee 3 bow bow sword",
                       "attack melee 2 bow  bow", "attack melee 2 bow bow ", "roll move 1 4",
                       "roll move 1 bow", "roll melee 1 1", "end bow", "defend 0 bow"):
            with self.assertRaises(IllegalAction):
                game.apply(action)
            self.assertEqual(game.state(), before, action)
        with self.assertRaises(IllegalAction) as refusal:
            game.apply("attack melee 3 bow bow")
        self.assertEqual(str(refusal.exception), "3 dice to enter, got 2")
        with self.assertRaises(IllegalAction) as refusal:
            game.apply("check search 1 sword")
        self.assertEqual(str(refusal.exception), "no face sword on this die")

    def test_a_defence_of_no_dice_needs_no_entry(self):
        game = table_chapter()
        game.apply("deal")
        hero = [card for card in game.track if card in ("collin", "nez")][0]
        while game.current != hero:
            game.apply("end")
        game.apply("attack melee 1 sword*")
        self.assertEqual(game.phase, "defence")
        self.assertEqual(game.legal_actions(), ["defend 0"] + ["defend %d <faces>" % n
                                                               for n in range(1, 9)])
        events = game.apply("defend 0")
        self.assertEqual(events[1]["wounds"], 1)


if __name__ == "__main__":
    unittest.main()
