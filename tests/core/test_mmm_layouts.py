"""Mmm! layouts: the EXAMPLE grids, the text-grid parser and validation (both interpreters)."""

import unittest

from pawtrack.games.mmm import layouts
from pawtrack.games.mmm.layouts import example_layout, item_sizes, parse_grid, validate


def food_totals(layout):
    totals = {}
    for _, food, size in item_sizes(layout):
        totals[food] = totals.get(food, 0) + size
    return totals


class ExampleLayoutTest(unittest.TestCase):
    def test_side_1_example_matches_rules_1_5(self):
        layout = example_layout(1)
        self.assertIsNone(validate(layout))
        self.assertEqual(len(layout["items"]), 16)
        self.assertEqual(
            food_totals(layout),
            {"bread": 10, "fish": 9, "cucumber": 9, "cheese": 11, "carrot": 10},
        )
        self.assertEqual(layout["items"]["Ch1"], [[1, 5], [1, 6]])

    def test_side_2_example_matches_rules_1_5(self):
        layout = example_layout(2)
        self.assertIsNone(validate(layout))
        self.assertEqual(len(layout["items"]), 13)
        self.assertEqual(
            food_totals(layout),
            {"bread": 10, "fish": 10, "cucumber": 10, "cheese": 9, "carrot": 10},
        )
        sizes = [size for _, _, size in item_sizes(layout)]
        self.assertEqual((min(sizes), max(sizes), sum(sizes)), (2, 5, 49))

    def test_examples_are_named_as_examples(self):
        for side in (1, 2):
            self.assertIn("EXAMPLE", layouts.example_grid(side))

    def test_an_example_is_the_record_its_text_grid_spells(self):
        for side in (1, 2):
            self.assertEqual(parse_grid(layouts.example_grid(side)), example_layout(side))


GOOD = """
side 1
r0: Ca1 Ca1 Fi1
r1: Ca1 .   Fi1
"""


class ParseTest(unittest.TestCase):
    def test_parse_small_grid_with_empty_square(self):
        layout = parse_grid(GOOD)
        self.assertEqual(layout["rows"], 2)
        self.assertEqual(layout["cols"], 3)
        self.assertEqual(
            layout["items"], {"Ca1": [[0, 0], [0, 1], [1, 0]], "Fi1": [[0, 2], [1, 2]]}
        )

    def test_side_from_argument(self):
        self.assertEqual(parse_grid("Ch1 Ch1", 2)["side"], 2)
        with self.assertRaises(ValueError):
            parse_grid("Ch1 Ch1")

    def assertRejected(self, text, words, side=None):
        try:
            parse_grid(text, side)
        except ValueError as error:
            for word in words:
                self.assertIn(word, str(error))
            return
        self.fail("accepted: " + text)

    def test_disconnected_item_rejected(self):
        self.assertRejected("side 1\nCa1 Fi1 Ca1", ["Ca1", "connected"])

    def test_diagonal_is_not_connected(self):
        self.assertRejected("side 1\nCa1 Fi1\nFi1 Ca1", ["connected"])

    def test_item_too_big_for_side_1(self):
        self.assertRejected("side 1\nCa1 Ca1 Ca1 Ca1 Ca1", ["Ca1", "5", "2 to 4"])
        self.assertEqual(len(parse_grid("side 2\nCa1 Ca1 Ca1 Ca1 Ca1")["items"]), 1)

    def test_item_too_small(self):
        self.assertRejected("side 2\nCa1 Fi1 Fi1", ["Ca1", "2 to 5"])

    def test_more_than_49_squares(self):
        rows = []
        for r in range(10):
            rows.append(" ".join("Ch%d" % (r * 5 + c // 2) for c in range(10)))
        self.assertRejected("side 1\n" + "\n".join(rows), ["100", "49"])

    def test_bad_item_name(self):
        self.assertRejected("side 1\nXy1 Xy1", ["Xy1"])
        self.assertRejected("side 1\nCa Ca", ["Ca"])

    def test_bad_side(self):
        self.assertRejected("side 3\nCa1 Ca1", ["side"])


class ValidateTest(unittest.TestCase):
    def test_json_records(self):
        good = {"side": 1, "rows": 2, "cols": 2, "items": {"Ch1": [[0, 0], [0, 1]]}}
        self.assertIsNone(validate(good))
        for bad in (
            None,
            [],
            {"side": 1, "rows": 2, "cols": 2, "items": {}},
            {"side": 1, "rows": 2, "cols": 2, "items": {"Ch1": [[0, 0], [0, 2]]}},
            {
                "side": 1,
                "rows": 2,
                "cols": 2,
                "items": {"Ch1": [[0, 0], [0, 1]], "Fi1": [[0, 1], [1, 1]]},
            },
            {"side": 1, "rows": 2, "cols": 2, "items": {"Ch1": [[0, 0], [1, 1]]}},
            {"side": 1, "rows": "2", "cols": 2, "items": {"Ch1": [[0, 0], [0, 1]]}},
            {"side": True, "rows": 2, "cols": 2, "items": {"Ch1": [[0, 0], [0, 1]]}},
            {"side": 1, "rows": 2, "cols": 2, "items": {"Ch1": [[0, 0], [0, 1]], "Fi1": 2}},
            {"side": 1, "rows": 2, "cols": 2, "items": {"Ch1": [[0, 0], "x"]}},
        ):
            self.assertIsInstance(validate(bad), str)

    def test_items_only_record(self):
        record = {"side": 2, "items": {"Ch1": 5, "Fi1": 2}}
        self.assertIsNone(validate(record))
        self.assertFalse(layouts.has_squares(record))
        self.assertTrue(layouts.has_squares(example_layout(1)))
        self.assertIsInstance(validate({"side": 1, "items": {"Ch1": 5}}), str)
        self.assertIsInstance(
            validate({"side": 1, "items": {"Ch%d" % i: 4 for i in range(13)}}), str
        )

    def test_install_and_get(self):
        self.assertEqual(layouts.get_layout(1, "example"), example_layout(1))
        with self.assertRaises(ValueError):
            layouts.get_layout(1, "own")
        with self.assertRaises(ValueError):
            layouts.install({"side": 1, "items": {"Ch1": 9}})
        own = parse_grid(GOOD)
        layouts.install(own)
        try:
            self.assertIs(layouts.get_layout(1, "own"), own)
        finally:
            layouts.uninstall(1)
        with self.assertRaises(ValueError):
            layouts.get_layout(1, "own")
