"""Exact Mmm! odds for the re-roll decision, in integer arithmetic.

Two questions, asked about the current turn (board and items levels):

* ``bust_chance(game)``: the chance that re-rolling the unplaced dice busts.
  A die can be placed or not by its face alone (given the dice already on the
  board and, in the line variant, their line), so with ``b`` blocked faces out
  of 6 the chance is exactly (b/6)^k for k dice.
* ``complete_chance(game)``: the chance of completing at least one item this
  turn if the team stops now (0 or 1) and if it re-rolls and then plays on
  perfectly (best placements, re-rolling again while that helps, at most
  three rolls a turn; a bust removes the pending dice and completes nothing).

Both return fractions as (numerator, denominator) pairs in lowest terms;
``percent`` formats one with integer maths. The items level knows no squares,
so its odds ignore the line variant (``position_of`` says so in ``line``).

The search behind ``complete_chance`` lives in completion.py, loaded the first
time it is asked (on the device, by the odds page: the table shows only the
bust chance). How it stays small (the worst case at a decision, a re-roll of
two dice with two rolls left, takes about 0.25 ms on CPython):

* Rolls are enumerated as multisets of faces with their multiplicities
  (k = 3: 56 instead of 216 outcomes).
* A die only matters if its item can still be completed this turn (at most k
  free squares left, and in the line variant all of them in one line with the
  pending dice). Any other placement ("dump") never helps: it uses a die and
  narrows the line. So a roll's placements are the non-empty sets of useful
  placements plus the single dumps (needed when nothing useful fits).
* Without the line variant only each item's food and free count matter, so
  positions are memoized by that summary; with it, by the pending squares.
* Every value is an integer count of 1/6^6 (the most dice a turn can still
  roll is 3 + 2 + 1), so no fractions are built during the search.
"""

from pawtrack.dice import FOODS

X = 5  # face index of the red X (FOODS are 0-4)
SCALE = 6**6
MAX_ROLLS = 3
DICE = 3


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def reduce(num, den):
    """The fraction num/den in lowest terms (den > 0)."""
    g = gcd(num, den)
    return (num // g, den // g) if g > 1 else (num, den)


def percent(fraction, decimals=1):
    """ "16.7%" for (1, 6): rounded half up with integer maths only."""
    num, den = fraction
    unit = 10**decimals
    scaled = (num * 100 * unit * 2 + den) // (2 * den)
    whole = scaled // unit
    if decimals == 0:
        return "%d%%" % whole
    frac = scaled % unit
    text = str(frac)
    while len(text) < decimals:
        text = "0" + text
    return "%d.%s%%" % (whole, text)


class Position:
    """One moment of a turn, as the odds see it.

    ``foods``: food index (0-4) per item. ``free``: per item, either the tuple of
    its square numbers without a chip (squares known) or its number of squares
    without a chip (items level). ``pending``: the squares (or item numbers)
    of the dice placed this turn. ``rolls_left``: rolls still allowed this turn.
    ``line``: the row-or-column variant (squares only); ``cols``: grid width.
    """

    def __init__(self, foods, free, pending, rolls_left, line=False, cols=1):
        self.foods = list(foods)
        self.free = list(free)
        self.pending = tuple(sorted(pending))
        self.rolls_left = rolls_left
        self.with_squares = bool(self.free) and not isinstance(self.free[0], int)
        self.line = bool(line) and self.with_squares
        self.cols = cols
        self.unplaced = DICE - len(self.pending)
        if self.with_squares:
            self.item_of = {}
            for item, squares in enumerate(self.free):
                for square in squares:
                    self.item_of[square] = item


def position_of(game):
    """The Position of a game at board or items level (None in lite mode)."""
    board = game.board
    if board is None:
        return None
    foods = []
    for food in board.foods:
        foods.append(FOODS.index(food))
    free = []
    for item in range(len(board.names)):
        if board.with_squares:
            squares = []
            for square in board.squares[item]:
                if not board.covered[square]:
                    squares.append(square)
            free.append(tuple(squares))
        else:
            free.append(board.sizes[item] - board.covered_count[item])
    rolls_left = MAX_ROLLS - game.rolls
    return Position(foods, free, game.pending(), rolls_left, game.line, board.cols)


# ----- bust chance -----------------------------------------------------------


def _placeable_faces(pos):
    """A list of 6 booleans: can a die showing face f go somewhere now?"""
    ok = [False] * 6
    pending = pos.pending
    for item, food in enumerate(pos.foods):
        if ok[food]:
            continue
        if pos.with_squares:
            for square in pos.free[item]:
                if square not in pending and (not pos.line or line_ok(pending, square, pos.cols)):
                    ok[food] = True
                    break
        else:
            used = 0
            for target in pending:
                if target == item:
                    used += 1
            if pos.free[item] - used > 0:
                ok[food] = True
    return ok


def bust_chance_at(pos, k=None):
    """Chance that rolling k dice (default: the unplaced ones) places none."""
    if k is None:
        k = pos.unplaced
    blocked = 0
    for ok in _placeable_faces(pos):
        if not ok:
            blocked += 1
    return reduce(blocked**k, 6**k)


def bust_chance(game):
    pos = position_of(game)
    return None if pos is None else bust_chance_at(pos)


# ----- completion chance -----------------------------------------------------


def complete_chance_at(pos):
    """{"stop": fraction, "reroll": fraction or None} for a Position: the search in
    completion.py, loaded when first asked (on the device, when the odds page is shown:
    the table needs only the bust chance)."""
    from pawtrack.games.mmm.completion import chances

    return chances(pos)


def complete_chance(game):
    """complete_chance_at for the game now; at the start of a turn (no die
    placed yet) "reroll" is None: the first roll is no decision, and its
    three-dice, three-roll search takes up to ~35 ms on CPython, too slow for
    the device (host tools call complete_chance_at for it)."""
    pos = position_of(game)
    if pos is None:
        return None
    if pos.unplaced == DICE:
        pos.rolls_left = 0
    return complete_chance_at(pos)


def line_ok(pending, square, cols):
    """Is pending + square all in one row or all in one column?"""
    if not pending:
        return True
    r, c = divmod(square, cols)
    same_row = True
    same_col = True
    for other in pending:
        ro, co = divmod(other, cols)
        same_row = same_row and ro == r
        same_col = same_col and co == c
    return same_row or same_col
