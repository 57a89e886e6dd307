"""Bag: drawing without replacement, the gather-and-shuffle cycle, state (both interpreters)."""

import json
import unittest

from pawtrack.bag import Bag
from pawtrack.rng import Rng

# Chi-square critical values at p = 0.001 for the given degrees of freedom.
CHI2_CRITICAL_0_001 = {3: 16.266, 5: 20.515}


def chi_square(counts, expected):
    total = 0
    for i in range(len(counts)):
        diff = counts[i] - expected[i]
        total += diff * diff / expected[i]
    return total


class BagTest(unittest.TestCase):
    def test_a_full_cycle_gives_every_token_once(self):
        bag = Bag((1, 2, 3, 3, 4, 4), Rng(1))
        drawn = [bag.draw() for _ in range(6)]
        self.assertEqual(sorted(drawn), [1, 2, 3, 3, 4, 4])
        self.assertEqual(len(bag), 0)
        self.assertEqual(bag.drawn, drawn)

    def test_empty_bag_refuses_to_draw(self):
        bag = Bag(("a",), Rng(1))
        bag.draw()
        with self.assertRaises(ValueError):
            bag.draw()

    def test_no_tokens_is_an_error(self):
        with self.assertRaises(ValueError):
            Bag((), Rng(1))

    def test_cycle_keep_one_gives_five_draws_per_shuffle(self):
        bag = Bag((1, 2, 3, 3, 4, 4), Rng(2))
        flags = [bag.draw_cycled(1)[1] for _ in range(16)]
        # The first cycle starts full; each later one starts after 5 draws.
        self.assertEqual([i for i in range(16) if flags[i]], [5, 10, 15])
        self.assertEqual(bag.refills, 3)

    def test_cycle_keep_zero_refills_when_empty(self):
        bag = Bag(("x", "y"), Rng(3))
        flags = [bag.draw_cycled(0)[1] for _ in range(5)]
        self.assertEqual(flags, [False, False, True, False, True])

    def test_take_removes_the_named_token(self):
        bag = Bag(("cheese", "knife", "cheese"), Rng(4))
        self.assertEqual(bag.take("cheese"), "cheese")
        self.assertEqual(bag.counts(), [["cheese", 1], ["knife", 1]])
        bag.take("knife")
        with self.assertRaises(ValueError):
            bag.take("knife")

    def test_counts_keep_bag_order_and_zero_entries(self):
        bag = Bag(("b", "a", "b"), Rng(5))
        self.assertEqual(bag.counts(), [["b", 2], ["a", 1]])
        bag.take("a")
        self.assertEqual(bag.counts(), [["b", 2], ["a", 0]])
        self.assertEqual(bag.counts(bag.drawn), [["b", 0], ["a", 1]])

    def test_state_is_json_and_rebuilds_the_same_bag(self):
        rng = Rng(6)
        bag = Bag((1, 2, 3, 3, 4, 4), rng)
        bag.draw()
        bag.draw()
        text = json.dumps(bag.state())
        twin_rng = Rng(6)
        twin_rng.state = rng.state
        twin = Bag.from_state(json.loads(text), twin_rng)
        self.assertEqual(twin.state(), bag.state())
        self.assertEqual([twin.draw_cycled(1)[0] for _ in range(9)],
                         [bag.draw_cycled(1)[0] for _ in range(9)])

    def test_from_state_rejects_a_foreign_mix(self):
        state = {"tokens": [1, 2], "left": [1], "drawn": [1], "refills": 0}
        with self.assertRaises(ValueError):
            Bag.from_state(state, Rng(1))

    def test_every_order_of_three_is_equally_likely(self):
        # Fisher-Yates: the 6 orders of 3 distinct tokens come up uniformly.
        rng = Rng(7)
        bag = Bag((0, 1, 2), rng)
        counts = {}
        rounds = 6000
        for _ in range(rounds):
            bag.refill()
            key = (bag.draw(), bag.draw(), bag.draw())
            counts[key] = counts.get(key, 0) + 1
        self.assertEqual(len(counts), 6)
        values = list(counts.values())
        statistic = chi_square(values, [rounds / 6] * 6)
        self.assertLess(statistic, CHI2_CRITICAL_0_001[5], repr(counts))

    def test_each_draw_position_follows_the_mix(self):
        rng = Rng(8)
        bag = Bag((1, 2, 3, 3, 4, 4), rng)
        rounds = 3000
        table = [[0, 0, 0, 0] for _ in range(6)]
        for _ in range(rounds):
            bag.refill()
            for position in range(6):
                table[position][bag.draw() - 1] += 1
        expected = [rounds / 6, rounds / 6, rounds / 3, rounds / 3]
        for position in range(6):
            statistic = chi_square(table[position], expected)
            self.assertLess(statistic, CHI2_CRITICAL_0_001[3], repr(table[position]))


if __name__ == "__main__":
    unittest.main()
