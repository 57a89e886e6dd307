"""The Mmm! pantry as the referee knows it: items, squares and chips.

Two kinds of knowledge (docs/rules/mmm.md, 1.5):

* with squares ("board" level): every square of the grid is numbered
  ``r * cols + c`` and belongs to at most one item; chips lie on squares;
* without squares ("items" level): only each item's food and size are known;
  chips are counted per item.

The board holds only what is gathered (chips). The dice of the current turn
(pending) belong to the game and are passed in as a list of targets: square
numbers with squares, item numbers without.
"""

from pawtrack.games.mmm.layouts import has_squares, item_sizes


def in_line(squares, cols):
    """True if all the squares (numbers) lie in one row or in one column."""
    if len(squares) < 2:
        return True
    r0, c0 = divmod(squares[0], cols)
    same_row = True
    same_col = True
    for square in squares[1:]:
        r, c = divmod(square, cols)
        same_row = same_row and r == r0
        same_col = same_col and c == c0
    return same_row or same_col


class Board:
    """Items with their food and size, and the chips gathered so far."""

    def __init__(self, layout, with_squares):
        if with_squares and not has_squares(layout):
            raise ValueError("board level needs a layout with squares")
        self.side = layout["side"]
        self.with_squares = with_squares
        self.names = []
        self.foods = []
        self.sizes = []
        for name, food, size in item_sizes(layout):
            self.names.append(name)
            self.foods.append(food)
            self.sizes.append(size)
        self.covered_count = [0] * len(self.names)
        self.total = sum(self.sizes)
        self.rows = layout.get("rows", 0) if with_squares else 0
        self.cols = layout.get("cols", 0) if with_squares else 0
        self.squares = []
        self.item_of = []
        self.covered = bytearray(self.rows * self.cols)
        if with_squares:
            self.item_of = [-1] * (self.rows * self.cols)
            for index, name in enumerate(self.names):
                numbers = []
                for r, c in layout["items"][name]:
                    numbers.append(r * self.cols + c)
                    self.item_of[r * self.cols + c] = index
                numbers.sort()
                self.squares.append(tuple(numbers))

    def item_index(self, name):
        """The number of the item called ``name``, or -1."""
        for index, known in enumerate(self.names):
            if known == name:
                return index
        return -1

    def covered_total(self):
        total = 0
        for count in self.covered_count:
            total += count
        return total

    def pieces_left(self):
        return self.total - self.covered_total()

    def all_covered(self):
        return self.covered_total() == self.total

    def free_left(self, item, pending):
        """Squares of ``item`` with neither a chip nor a pending die."""
        left = self.sizes[item] - self.covered_count[item]
        if self.with_squares:
            for square in pending:
                if self.item_of[square] == item:
                    left -= 1
        else:
            for target in pending:
                if target == item:
                    left -= 1
        return left

    def square_ok(self, square, food, pending, line):
        """Can a die showing ``food`` go on ``square`` now? (board level)"""
        if square < 0 or square >= len(self.item_of):
            return False
        item = self.item_of[square]
        if item < 0 or self.foods[item] != food:
            return False
        if self.covered[square] or square in pending:
            return False
        if line and not in_line(list(pending) + [square], self.cols):
            return False
        return True

    def item_ok(self, item, food, pending):
        """Can a die showing ``food`` go on ``item`` now? (items level)"""
        if item < 0 or item >= len(self.names) or self.foods[item] != food:
            return False
        return self.free_left(item, pending) > 0

    def targets(self, food, pending, line):
        """Every square (board level) or item (items level) a ``food`` die may take."""
        found = []
        for item in range(len(self.names)):
            if self.foods[item] != food:
                continue
            if self.with_squares:
                for square in self.squares[item]:
                    if self.square_ok(square, food, pending, line):
                        found.append(square)
            elif self.free_left(item, pending) > 0:
                found.append(item)
        return found

    def can_place(self, food, pending, line):
        """True if at least one target exists (faster than ``targets``)."""
        for item in range(len(self.names)):
            if self.foods[item] != food:
                continue
            if self.with_squares:
                for square in self.squares[item]:
                    if self.square_ok(square, food, pending, line):
                        return True
            elif self.free_left(item, pending) > 0:
                return True
        return False

    def gather(self, pending):
        """Turn the pending dice into chips; return the items completed by them."""
        touched = []
        for target in pending:
            item = self.item_of[target] if self.with_squares else target
            if self.with_squares:
                self.covered[target] = 1
            self.covered_count[item] += 1
            if item not in touched:
                touched.append(item)
        done = []
        for item in sorted(touched):
            if self.covered_count[item] == self.sizes[item]:
                done.append(item)
        return done

    def item_state(self, item, pending):
        """One item as the game state lists it."""
        entry = {
            "name": self.names[item],
            "food": self.foods[item],
            "size": self.sizes[item],
            "covered": self.covered_count[item],
            "pending": self.sizes[item] - self.covered_count[item] - self.free_left(item, pending),
        }
        if self.with_squares:
            squares = []
            chips = []
            for square in self.squares[item]:
                rc = [square // self.cols, square % self.cols]
                squares.append(rc)
                if self.covered[square]:
                    chips.append(rc)
            entry["squares"] = squares
            entry["chips"] = chips
        return entry

    def checkpoint_parts(self):
        """What the chips gathered changed (the rest comes from the layout): for the
        rules' checkpoint (pawtrack.game)."""
        return [list(self.covered_count), bytes(self.covered)]

    def restore_parts(self, parts):
        """Put back what ``checkpoint_parts`` gave; ValueError if it does not fit."""
        if not isinstance(parts, list) or len(parts) != 2:
            raise ValueError("not a board's checkpoint")
        counts, covered = parts
        if not isinstance(counts, list) or len(counts) != len(self.covered_count):
            raise ValueError("board checkpoint for another layout")
        if not isinstance(covered, bytes) or len(covered) != len(self.covered):
            raise ValueError("board checkpoint for another layout")
        for count in counts:
            if not isinstance(count, int) or count < 0:
                raise ValueError("board checkpoint count is not one")
        self.covered_count = counts
        self.covered = bytearray(covered)
