"""pawtrack.packing: exact round trips, compact small values, and bad bytes refused.

Runs on CPython and MicroPython.
"""

import sys
import unittest

from pawtrack.packing import MAX_DEPTH, pack, unpack
from pawtrack.rng import Rng


def typed(value):
    """value with every container's type spelled out, so that equal means same types."""
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [typed(item) for item in value])
    if isinstance(value, dict):
        # in key order: MicroPython may list a dict's items in another order than
        # they were put in (the items themselves are what must come back)
        return ("dict", sorted((repr(key), typed(item)) for key, item in value.items()))
    return (type(value).__name__, value)


def random_value(rng, depth=0):
    kind = rng.below(11 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.below(2) == 0
    if kind == 2:
        return rng.between(-20, 300)
    if kind == 3:
        return (rng.next32() << rng.below(40)) * (1 if rng.below(2) else -1)
    if kind == 4:
        return "".join(rng.choice(("a", "é", "cheese ", "z", "🐭")) for _ in range(rng.below(12)))
    if kind == 5:
        data = bytes(rng.below(256) for _ in range(rng.below(20)))
        return data if rng.below(2) else bytearray(data)
    items = [random_value(rng, depth + 1) for _ in range(rng.below(20))]
    if kind in (6, 7):
        return items
    if kind in (8, 9):
        return tuple(items)
    result = {}
    for item in items:
        result[rng.choice(("a", "b", "hero", 1, 2, -5, None, ("t", 1)))] = item
    return result


class RoundTrips(unittest.TestCase):
    def test_random_values_come_back_with_their_types(self):
        rng = Rng(4)
        for _ in range(400):
            value = random_value(rng)
            self.assertEqual(typed(unpack(pack(value))), typed(value))

    @unittest.skipIf(
        sys.implementation.name == "micropython",
        "a MicroPython dict lists its items in its hash table's order, not the order put in",
    )
    def test_dict_items_are_put_back_in_their_order(self):
        value = {"zeta": 1, "alpha": 2, 3: 3, "mid": None}
        self.assertEqual(list(unpack(pack(value)).items()), list(value.items()))

    def test_small_values_are_small(self):
        self.assertEqual(len(pack(0)), 1)
        self.assertEqual(len(pack(183)), 1)
        self.assertEqual(len(pack(-8)), 1)
        self.assertEqual(len(pack([1, 2, 3])), 4)
        self.assertEqual(len(pack("roll")), 5)
        self.assertEqual(len(pack(["lily", "lily", "lily"])), 1 + 5 + 2 + 2)

    def test_other_types_are_refused(self):
        for value in (1.5, {1, 2}, Rng(1), [1, 2.5]):
            with self.assertRaises(ValueError):
                pack(value)
        deep = []
        for _ in range(MAX_DEPTH + 2):
            deep = [deep]
        with self.assertRaises(ValueError):
            pack(deep)

    def test_unpacking_takes_no_more_stack_for_deeper_values(self):
        """An undo unpacks a checkpoint deep inside a button press, where the Pico's C
        stack has little room left: unpack must not recurse into containers. The
        recursion limit that lets a flat list unpack must do for a deep one too."""
        if not hasattr(sys, "setrecursionlimit"):
            self.skipTest("MicroPython cannot lower its recursion limit")
        deepest = [{"k": ("t", b"b")}]
        for _ in range(MAX_DEPTH - 3):
            deepest = [deepest, 1]
        flat = pack(["k", ("t", b"b")])

        def unpacks(data, limit):
            saved = sys.getrecursionlimit()
            try:
                sys.setrecursionlimit(limit)  # refused below the depth already reached
                unpack(data)
                return True
            except RecursionError:
                return False
            finally:
                sys.setrecursionlimit(saved)

        limit = 1
        while not unpacks(flat, limit):
            limit += 1
        self.assertTrue(unpacks(pack(deepest), limit))
        self.assertEqual(unpack(pack(deepest)), deepest)


class BadBytes(unittest.TestCase):
    def refused(self, data):
        with self.assertRaises(ValueError):
            unpack(data)

    def test_cut_lengthened_and_unknown(self):
        data = pack([1, "cheese", (2, b"xy"), {"a": None}])
        for end in range(len(data)):
            self.refused(data[:end])
        self.refused(data + b"\x00")
        self.refused(b"\x0b")  # no such tag
        self.refused(b"\x0a\x00")  # the string numbered 0 before any string
        self.refused(b"\x33\xff\xfe\xfd")  # text that is not UTF-8
        self.refused(b"\x09\x01\x10\x00")  # a list as a dict key
        self.refused(b"\x09\x01\x21\x10\x00")  # a tuple holding a list as a dict key
        self.refused(b"\x07\xff\xff\xff\x0f")  # more items than bytes

    def test_random_bytes_never_crash(self):
        rng = Rng(9)
        for _ in range(2000):
            data = bytes(rng.below(256) for _ in range(rng.below(12)))
            try:
                unpack(data)
            except ValueError:
                pass


if __name__ == "__main__":
    unittest.main()
