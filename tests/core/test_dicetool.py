"""Dice & bag tool core: rolls, bags, history and the action grammar (both interpreters)."""

import json
import unittest

from pawtrack import dice
from pawtrack.dicetool import HISTORY, DiceTool
from pawtrack.game import IllegalAction
from pawtrack.rng import Rng


class DiceToolTest(unittest.TestCase):
    def test_roll_any_die_one_to_fifteen(self):
        tool = DiceTool(Rng(1))
        for die_id, _label, faces in dice.DICE:
            for count in (1, 7, 15):
                entry = tool.roll(die_id, count)
                self.assertEqual(len(entry["faces"]), count)
                for face in entry["faces"]:
                    self.assertIn(face, faces)

    def test_the_dice_of_the_games(self):
        self.assertEqual(
            [(die_id, faces) for die_id, _label, faces in dice.DICE],
            [
                ("mmm", ("bread", "fish", "cucumber", "cheese", "carrot", "x")),
                ("chop_cat", (1, 1, 2, 2, 2, 3)),
                ("chop_mouse", (1, 1, 2, 2, 3, 4)),
                ("prey", ("rabbit", "carrot", "mouse", "cheese", "frog", "fly")),
                ("action", ("sword*", "swordshield", "swordshield*", "bow", "bow*", "cheese")),
                ("d6", (1, 2, 3, 4, 5, 6)),
            ],
        )

    def test_roll_count_out_of_range_or_unknown_die(self):
        tool = DiceTool(Rng(1))
        for count in (0, 16):
            with self.assertRaises(IllegalAction):
                tool.roll("d6", count)
        with self.assertRaises(IllegalAction):
            tool.roll("d20", 1)

    def test_tally_and_total(self):
        tool = DiceTool(Rng(2))
        entry = tool.roll("chop_cat", 15)
        self.assertEqual([face for face, _ in entry["tally"]], [1, 2, 3])
        self.assertEqual(sum(count for _, count in entry["tally"]), 15)
        self.assertEqual(entry["total"], sum(entry["faces"]))
        words = tool.roll("mmm", 3)
        self.assertIsNone(words["total"])
        self.assertEqual(len(words["tally"]), 6)

    def test_history_keeps_the_last_eight_newest_first(self):
        tool = DiceTool(Rng(3))
        for count in range(1, 11):
            tool.roll("d6", count)
        self.assertEqual(len(tool.history), HISTORY)
        self.assertEqual([len(e["faces"]) for e in tool.history], [10, 9, 8, 7, 6, 5, 4, 3])

    def test_holders_bag_follows_the_mouse_chaos_cycle(self):
        tool = DiceTool(Rng(4))
        entries = [tool.draw("holders") for _ in range(11)]
        self.assertEqual([e["shuffled"] for e in entries].count(True), 2)
        self.assertTrue(entries[5]["shuffled"])
        self.assertTrue(entries[10]["shuffled"])
        self.assertEqual([e["left"] for e in entries[:6]], [5, 4, 3, 2, 1, 5])
        first = sorted(e["token"] for e in entries[:5])
        for token in first:
            self.assertIn(token, dice.MOUSE_CHAOS_HOLDERS)

    def test_tile_bag_holds_the_chop_mix(self):
        tool = DiceTool(Rng(5))
        tokens = [tool.draw("tiles")["token"] for _ in range(38)]
        self.assertEqual(sorted(tokens), sorted(dice.expand_mix(dice.CHOP_TILES_DEFAULT)))
        again = tool.draw("tiles")
        self.assertTrue(again["shuffled"])
        self.assertEqual(again["left"], 37)

    def test_numbered_bag_is_a_permutation(self):
        tool = DiceTool(Rng(6))
        tool.apply("numbers 12")
        numbers = [tool.apply("draw numbers")["token"] for _ in range(12)]
        self.assertEqual(sorted(numbers), list(range(1, 13)))
        with self.assertRaises(IllegalAction):
            tool.apply("numbers 1")
        with self.assertRaises(IllegalAction):
            tool.apply("numbers 100")

    def test_numbered_bag_starts_as_one_to_ten(self):
        tool = DiceTool(Rng(11))
        numbers = [tool.apply("draw numbers")["token"] for _ in range(10)]
        self.assertEqual(sorted(numbers), list(range(1, 11)))
        self.assertTrue(tool.apply("draw numbers")["shuffled"])

    def test_refill_puts_everything_back(self):
        tool = DiceTool(Rng(7))
        tool.draw("tiles")
        self.assertEqual(tool.apply("refill tiles")["left"], 38)

    def test_action_grammar(self):
        tool = DiceTool(Rng(8))
        self.assertEqual(tool.apply("roll chop_mouse 4")["die"], "chop_mouse")
        self.assertEqual(tool.apply("draw holders")["bag"], "holders")
        for bad in ("roll", "roll d6 x", "draw", "draw sack", "shake d6", ""):
            with self.assertRaises(IllegalAction):
                tool.apply(bad)

    def test_same_seed_same_results(self):
        actions = ("roll d6 5", "draw holders", "roll mmm 3", "draw tiles", "draw numbers")
        one = DiceTool(Rng(9))
        two = DiceTool(Rng(9))
        for action in actions:
            self.assertEqual(one.apply(action), two.apply(action))

    def test_state_is_json(self):
        tool = DiceTool(Rng(10))
        tool.apply("roll action 6")
        tool.apply("draw tiles")
        state = json.loads(json.dumps(tool.state()))
        self.assertEqual([b["bag"] for b in state["bags"]], ["holders", "tiles", "numbers"])
        self.assertEqual(state["bags"][1]["left"], 37)
        self.assertEqual(len(state["history"]), 2)


if __name__ == "__main__":
    unittest.main()
