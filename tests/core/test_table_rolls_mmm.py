"""Mmm! with the table rolling: the same match as with the device rolling.

Seeded matches over every level, side, variant, player count and track are
played twice (tests/core/table_rolls_kit.py): each roll and re-roll is
entered by hand with the food faces the device rolled, and the placing,
busts, the cat and the end are the same. Then the entries the rules refuse.
"""

import sys
import unittest

from checkpoint_kit import random_options
from table_rolls_kit import play_both

from pawtrack.dice import MMM_FOOD
from pawtrack.game import IllegalAction
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
MATCHES = 6 if MICROPYTHON else 80


def faces_of(events, faces, count):
    for event in events:
        if event["ev"] == "roll":
            return event["faces"]
    return []


def choose(chooser, game, actions):
    return chooser.choice(actions)


class TableRollsMmm(unittest.TestCase):
    def test_entered_faces_play_as_the_device_rolled(self):
        entered = 0
        for seed in range(MATCHES):
            options = random_options(MmmGame, Rng(seed + 300), (("layout", "own"),))
            del options["rolls"]
            entered += play_both(self, MmmGame, options, seed, choose, faces_of, 150)
        self.assertGreater(entered, MATCHES * 5)

    def test_a_roll_and_a_reroll_take_the_unplaced_dice(self):
        game = MmmGame({"rolls": "table"}, Rng(2))
        self.assertEqual(game.legal_actions(), ["roll <faces>"])
        self.assertEqual(game.entry_for("roll"), (MMM_FOOD, 3))
        events = game.apply("roll fish x fish")
        self.assertEqual(events[0]["faces"], ["fish", "x", "fish"])
        game.apply("placed 1")
        self.assertIn("reroll <faces>", game.legal_actions())
        self.assertEqual(game.entry_for("reroll <faces>"), (MMM_FOOD, 2))
        self.assertIsNone(game.entry_for("stop"))
        before = game.state()
        for action in ("reroll", "reroll <faces>", "reroll x", "reroll x x x", "reroll X x",
                       "reroll x  x", "reroll x x ", " reroll x x", "reroll 1 2", "roll x x"):
            with self.assertRaises(IllegalAction):
                game.check_legal(action)
            with self.assertRaises(IllegalAction):
                game.apply(action)
            self.assertEqual(game.state(), before, action)
        events = game.apply("reroll bread cheese")
        self.assertEqual(events[0]["faces"], ["bread", "cheese"])


if __name__ == "__main__":
    unittest.main()
