"""Mmm! odds against a slow, obviously-correct reference (CPython only).

The reference enumerates every ordered roll (6^k), every placement of every
subset of the rolled dice on every legal square (no pruning, no summaries),
and computes with ``fractions.Fraction``. Positions: random small boards
(squares and items levels, with and without the line variant) and decision
points of random games on the EXAMPLE layouts.
"""

import itertools
import random
from fractions import Fraction

from pawtrack.games.mmm.odds import (
    Position,
    bust_chance_at,
    complete_chance_at,
    position_of,
)
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.rng import Rng

X = 5


def collinear(squares, cols):
    rows = {s // cols for s in squares}
    columns = {s % cols for s in squares}
    return len(rows) <= 1 or len(columns) <= 1


class Reference:
    """The rules of one turn, spelled out the slow way."""

    def __init__(self, pos):
        self.pos = pos
        self.memo = {}

    def targets(self, face, taken):
        pos = self.pos
        found = []
        for item, food in enumerate(pos.foods):
            if food != face:
                continue
            if pos.with_squares:
                for square in pos.free[item]:
                    if square in taken:
                        continue
                    if pos.line and not collinear(list(taken) + [square], pos.cols):
                        continue
                    found.append(square)
            elif pos.free[item] - list(taken).count(item) > 0:
                found.append(item)
        return found

    def done(self, pending):
        pos = self.pos
        for item in range(len(pos.foods)):
            if pos.with_squares:
                free = pos.free[item]
                if free and all(square in pending for square in free):
                    return True
            elif pos.free[item] and list(pending).count(item) == pos.free[item]:
                return True
        return False

    def placements(self, faces, pending):
        """Every way to put a non-empty subset of the rolled dice on legal targets."""
        found = []

        def walk(index, taken, used):
            if index == len(faces):
                if used:
                    found.append(tuple(taken))
                return
            walk(index + 1, taken, used)
            if faces[index] == X:
                return
            for target in self.targets(faces[index], taken):
                walk(index + 1, taken + [target], used + 1)

        walk(0, list(pending), 0)
        return found

    def roll_value(self, pending, rolls_left):
        key = (tuple(sorted(pending)), rolls_left)
        if key in self.memo:
            return self.memo[key]
        k = 3 - len(pending)
        total = Fraction(0)
        for faces in itertools.product(range(6), repeat=k):
            best = Fraction(0)  # a bust completes nothing
            for after in self.placements(faces, pending):
                if self.done(after):
                    value = Fraction(1)
                elif len(after) == 3 or rolls_left == 1:
                    value = Fraction(0)
                else:
                    value = self.roll_value(after, rolls_left - 1)
                best = max(best, value)
            total += best
        result = total / 6**k
        self.memo[key] = result
        return result

    def bust(self):
        k = 3 - len(self.pos.pending)
        busts = 0
        for faces in itertools.product(range(6), repeat=k):
            if not any(face != X and self.targets(face, self.pos.pending) for face in faces):
                busts += 1
        return Fraction(busts, 6**k)


def as_fraction(pair):
    return Fraction(pair[0], pair[1])


def random_squares_position(rnd, line):
    rows = rnd.randint(2, 4)
    cols = rnd.randint(2, 4)
    cells = list(range(rows * cols))
    rnd.shuffle(cells)
    foods = []
    free = []
    while cells:
        size = min(len(cells), rnd.randint(1, 4))
        squares = tuple(sorted(cells[:size]))
        cells = cells[size:]
        covered = {s for s in squares if rnd.random() < 0.35}
        foods.append(rnd.randrange(5))
        free.append(tuple(s for s in squares if s not in covered))
    every = [s for squares in free for s in squares]
    pending = []
    for _ in range(rnd.choice((0, 0, 1, 1, 2))):
        options = [
            s for s in every if s not in pending and (not line or collinear(pending + [s], cols))
        ]
        if options:
            pending.append(rnd.choice(options))
    rolls_left = 3 if not pending else rnd.randint(1, 3 - len(pending) + 1)
    return Position(foods, free, pending, rolls_left, line, cols)


def random_items_position(rnd):
    count = rnd.randint(1, 7)
    foods = [rnd.randrange(5) for _ in range(count)]
    free = [rnd.randint(0, 4) for _ in range(count)]
    pending = []
    for _ in range(rnd.choice((0, 1, 2))):
        options = [i for i in range(count) if free[i] - pending.count(i) > 0]
        if options:
            pending.append(rnd.choice(options))
    rolls_left = 3 if not pending else rnd.randint(1, 2)
    return Position(foods, free, pending, rolls_left)


def check(pos):
    reference = Reference(pos)
    got = complete_chance_at(pos)
    assert as_fraction(got["stop"]) == (1 if reference.done(pos.pending) else 0)
    if pos.rolls_left and pos.unplaced:
        want = reference.roll_value(pos.pending, pos.rolls_left)
        assert as_fraction(got["reroll"]) == want, (pos.foods, pos.free, pos.pending)
        assert got["reroll"][1] > 0
    assert as_fraction(bust_chance_at(pos)) == reference.bust()


def test_random_small_boards_normal_variant():
    rnd = random.Random(1)
    for _ in range(250):
        check(random_squares_position(rnd, line=False))


def test_random_small_boards_line_variant():
    rnd = random.Random(2)
    for _ in range(250):
        check(random_squares_position(rnd, line=True))


def test_random_items_level_positions():
    rnd = random.Random(3)
    for _ in range(300):
        check(random_items_position(rnd))


def decision_points(options, seeds):
    """Positions of random games on the example layouts where a re-roll is legal."""
    found = []
    for seed in seeds:
        rng = Rng(seed)
        game = MmmGame(options, rng)
        picker = random.Random(seed)
        while not game.is_over():
            actions = game.legal_actions()
            if "reroll" in actions:
                found.append(position_of(game))
            game.apply(picker.choice(actions))
    return found


def test_example_layout_decision_points():
    checked = 0
    for options in ({"level": "board", "side": 1},
                    {"level": "board", "side": 2, "variant": "line"},
                    {"side": 2, "level": "items"}):
        positions = decision_points(options, range(3))
        for pos in positions[:: max(1, len(positions) // 15)]:
            check(pos)
            checked += 1
    assert checked >= 30
