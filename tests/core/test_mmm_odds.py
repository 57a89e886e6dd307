"""Mmm! odds: hand-computed cases and the game's view of them (runs on both interpreters).

The exhaustive comparison with a slow reference over many random positions
is in tests/host/test_mmm_odds_bruteforce.py.
"""

import unittest

from pawtrack.dice import MMM_FOOD
from pawtrack.games.mmm.completion import ROLLS
from pawtrack.games.mmm.odds import (
    Position,
    bust_chance,
    bust_chance_at,
    complete_chance,
    complete_chance_at,
    percent,
    reduce,
)
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.rng import Rng

BREAD, FISH, CUCUMBER, CHEESE, CARROT = 0, 1, 2, 3, 4


class ScriptedRng:
    def __init__(self, faces):
        self.faces = list(faces)

    def below(self, n):
        return MMM_FOOD.index(self.faces.pop(0))


class FormatTest(unittest.TestCase):
    def test_percent(self):
        self.assertEqual(percent((1, 6)), "16.7%")
        self.assertEqual(percent((2, 3)), "66.7%")
        self.assertEqual(percent((1, 8)), "12.5%")
        self.assertEqual(percent((1, 16), 2), "6.25%")
        self.assertEqual(percent((1, 3), 0), "33%")
        self.assertEqual(percent((1, 200)), "0.5%")
        self.assertEqual(percent((1, 2000)), "0.1%")  # half up
        self.assertEqual(percent((0, 1)), "0.0%")
        self.assertEqual(percent((1, 1)), "100.0%")
        self.assertEqual(percent((1, 216), 2), "0.46%")

    def test_reduce(self):
        self.assertEqual(reduce(36, 216), (1, 6))
        self.assertEqual(reduce(0, 216), (0, 1))
        self.assertEqual(reduce(5, 7), (5, 7))

    def test_rolls_collapse_to_multisets(self):
        self.assertEqual([len(ROLLS[k]) for k in (1, 2, 3)], [6, 21, 56])
        for k in (1, 2, 3):
            self.assertEqual(sum(ways for _, ways in ROLLS[k]), 6**k)

    def test_rolls_table_is_every_roll_counted(self):
        # ROLLS is written out (to stay in flash); count every ordered roll here.
        for k in (1, 2, 3):
            counts = {}
            for number in range(6**k):
                faces = []
                for _ in range(k):
                    faces.append(number % 6)
                    number //= 6
                key = tuple(sorted(faces))
                counts[key] = counts.get(key, 0) + 1
            self.assertEqual(list(ROLLS[k]), sorted(counts.items()))


class BustTest(unittest.TestCase):
    def test_all_foods_open_matches_rules_table(self):
        # docs/rules/mmm.md 1.2: with A = 5 foods open, 1/6, 1/36 and 1/216 for 1, 2, 3 dice.
        pos = Position([BREAD, FISH, CUCUMBER, CHEESE, CARROT], [4, 4, 4, 4, 4], [], 3)
        self.assertEqual([bust_chance_at(pos, k) for k in (1, 2, 3)], [(1, 6), (1, 36), (1, 216)])

    def test_two_foods_open(self):
        pos = Position([FISH, CHEESE, CHEESE], [2, 0, 3], [0], 2)
        self.assertEqual(bust_chance_at(pos), (4, 9))  # 4 of 6 faces blocked, 2 dice

    def test_line_variant_blocks_foods_off_the_line(self):
        game = MmmGame({"level": "board", "variant": "line"},
                       ScriptedRng(["cheese", "bread", "x"]))
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("place 1 1 0")
        # Row 1 holds bread, cucumber and cheese: fish, carrot and X are blocked.
        self.assertEqual(bust_chance(game), (1, 2))
        self.assertEqual(game.state()["bust_risk"], [1, 2])

    def test_items_level_line_variant_has_no_bust_figure(self):
        # Without squares the device cannot see the line, so any figure would be
        # wrong (it ignored the line: about a quarter of the true risk). None.
        game = MmmGame({"level": "items", "variant": "line"}, Rng(2))
        game.apply("roll")
        game.apply("place 1 Fi3")
        self.assertIn("reroll", game.legal_actions())
        self.assertEqual(game.bust_risk(), None)
        self.assertEqual(game.state()["bust_risk"], None)
        plain = MmmGame({"level": "items"}, Rng(2))
        plain.apply("roll")
        plain.apply("place 1 Fi3")
        self.assertEqual(plain.bust_risk(), (1, 36))
        self.assertEqual(plain.state()["bust_risk"], [1, 36])

    def test_lite_mode_has_no_odds(self):
        game = MmmGame({"level": "lite"}, ScriptedRng(["cheese", "x", "x"]))
        game.apply("roll")
        self.assertIsNone(bust_chance(game))
        self.assertIsNone(complete_chance(game))


class CompletionTest(unittest.TestCase):
    def test_one_square_left_three_rolls(self):
        # Only cheese fits, so every roll without cheese busts: 1 - (5/6)^3.
        pos = Position([CHEESE], [1], [], 3)
        self.assertEqual(complete_chance_at(pos), {"stop": (0, 1), "reroll": (91, 216)})

    def test_two_squares_left_three_rolls(self):
        # >= 2 cheese in 3 dice (16/216), or exactly 1 (75/216) then >= 1 in 2 dice (11/36).
        pos = Position([CHEESE], [2], [], 3)
        self.assertEqual(complete_chance_at(pos)["reroll"], reduce(16 * 36 + 75 * 11, 7776))

    def test_stop_after_completing(self):
        pos = Position([CHEESE, FISH], [1, 5], [0], 2)
        chance = complete_chance_at(pos)
        self.assertEqual(chance["stop"], (1, 1))
        # Re-rolling keeps it unless the two dice bust (no fish): 1 - 25/36.
        self.assertEqual(chance["reroll"], (11, 36))

    def test_no_reroll_when_rolls_or_dice_run_out(self):
        self.assertIsNone(complete_chance_at(Position([CHEESE], [3], [0, 0], 0))["reroll"])
        self.assertIsNone(complete_chance_at(Position([CHEESE], [3], [0, 0, 0], 1))["reroll"])

    def test_spare_food_keeps_the_turn_alive(self):
        # Cheese needs one die; fish (5 free) can take a die when no cheese shows,
        # which allows one more re-roll: 11/36 (a cheese) + 9/36 (fish, no cheese) * 1/6.
        pos = Position([CHEESE, FISH], [2, 5], [0], 2)
        self.assertEqual(complete_chance_at(pos)["reroll"], reduce(11 * 6 + 9, 216))

    def test_line_variant_on_a_grid(self):
        # 2x2 grid, one cheese item on the diagonal (squares 0 and 3): never in one line.
        pos = Position([CHEESE, FISH], [(0, 3), (1, 2)], [], 3, line=True, cols=2)
        self.assertEqual(complete_chance_at(pos)["reroll"], (0, 1))
        # Without the line rule, two cheeses over up to three rolls can do it.
        pos = Position([CHEESE, FISH], [(0, 3), (1, 2)], [], 3, line=False, cols=2)
        self.assertGreater(complete_chance_at(pos)["reroll"][0], 0)

    def test_game_view(self):
        game = MmmGame({"level": "board"}, ScriptedRng(["cheese", "x", "x"]))
        # Turn start: no decision yet, and too slow for the device: host-only.
        self.assertEqual(complete_chance(game), {"stop": (0, 1), "reroll": None})
        game.apply("roll")
        game.apply("place 0 1 5")  # Ch1 has one square left
        chance = complete_chance(game)
        self.assertEqual(chance["stop"], (0, 1))
        low, high = reduce(11, 36), (1, 1)
        value = chance["reroll"]
        self.assertTrue(value[0] * low[1] > low[0] * value[1])  # better than Ch1 alone
        self.assertTrue(value[0] < value[1] * high[0])
