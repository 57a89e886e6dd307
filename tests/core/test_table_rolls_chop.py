"""Cat & Mouse with the table rolling: the same match as with the device rolling.

Seeded matches over every option are played twice (tests/core/table_rolls_kit.py):
each turn's die is entered by hand with the value the device rolled (the cat die's
values 1-3, the mouse die's 1-4), and the turns, tiles, counters and wins are the
same. Then the entries the rules refuse.
"""

import sys
import unittest

from checkpoint_kit import random_options
from table_rolls_kit import play_both

from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.chop.rules import Chop
from pawtrack.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
MATCHES = 8 if MICROPYTHON else 60


def faces_of(events, faces, count):
    return [str(event["value"]) for event in events if event["ev"] == "roll"]


def choose(chooser, game, actions):
    return chooser.choice(actions)


class TableRollsChop(unittest.TestCase):
    def test_entered_values_play_as_the_device_rolled(self):
        entered = 0
        for seed in range(MATCHES):
            options = random_options(Chop, Rng(seed + 500))
            del options["rolls"]
            entered += play_both(self, Chop, options, seed, choose, faces_of, 150, "table_rolls")
        self.assertGreater(entered, MATCHES * 2)

    def test_each_side_enters_its_own_die(self):
        game = Chop(resolve_options(Chop, {"rolls": "table"}), Rng(1))
        self.assertEqual(game.entry_for("roll"), (("1", "2", "3", "4"), 1))
        before = game.state()
        for action in ("roll", "roll <faces>", "roll 5", "roll 0", "roll 1 1", "roll  1",
                       "roll 1 ", "roll \u0661", "roll one"):
            with self.assertRaises(IllegalAction):
                game.apply(action)
            self.assertEqual(game.state(), before, action)
        self.assertEqual(game.apply("roll 4")[0]["value"], 4)
        self.assertIsNone(game.entry_for("roll"))
        with self.assertRaises(IllegalAction):
            game.apply("roll 2")
        game.apply("end")
        self.assertEqual(game.side, "cat")
        self.assertEqual(game.entry_for("roll <faces>"), (("1", "2", "3"), 1))
        with self.assertRaises(IllegalAction):
            game.apply("roll 4")
        self.assertEqual(game.apply("roll 3")[0]["value"], 3)


if __name__ == "__main__":
    unittest.main()
