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

How the search stays small (the worst case at a decision, a re-roll of two
dice with two rolls left, takes about 0.25 ms on CPython):

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


# Every roll of k dice (k = 1, 2, 3) as a multiset of faces with its number
# of orderings, sorted; what _multisets(k) enumerates (the tests check it). A
# literal, so that a frozen firmware keeps it in flash, not in the heap.
ROLLS = (
    (),
    (((0,), 1), ((1,), 1), ((2,), 1), ((3,), 1), ((4,), 1), ((5,), 1),),
    (((0, 0), 1), ((0, 1), 2), ((0, 2), 2), ((0, 3), 2), ((0, 4), 2), ((0, 5), 2), ((1, 1), 1),
     ((1, 2), 2), ((1, 3), 2), ((1, 4), 2), ((1, 5), 2), ((2, 2), 1), ((2, 3), 2), ((2, 4), 2),
     ((2, 5), 2), ((3, 3), 1), ((3, 4), 2), ((3, 5), 2), ((4, 4), 1), ((4, 5), 2), ((5, 5), 1),),
    (((0, 0, 0), 1), ((0, 0, 1), 3), ((0, 0, 2), 3), ((0, 0, 3), 3), ((0, 0, 4), 3),
     ((0, 0, 5), 3), ((0, 1, 1), 3), ((0, 1, 2), 6), ((0, 1, 3), 6), ((0, 1, 4), 6),
     ((0, 1, 5), 6), ((0, 2, 2), 3), ((0, 2, 3), 6), ((0, 2, 4), 6), ((0, 2, 5), 6),
     ((0, 3, 3), 3), ((0, 3, 4), 6), ((0, 3, 5), 6), ((0, 4, 4), 3), ((0, 4, 5), 6),
     ((0, 5, 5), 3), ((1, 1, 1), 1), ((1, 1, 2), 3), ((1, 1, 3), 3), ((1, 1, 4), 3),
     ((1, 1, 5), 3), ((1, 2, 2), 3), ((1, 2, 3), 6), ((1, 2, 4), 6), ((1, 2, 5), 6),
     ((1, 3, 3), 3), ((1, 3, 4), 6), ((1, 3, 5), 6), ((1, 4, 4), 3), ((1, 4, 5), 6),
     ((1, 5, 5), 3), ((2, 2, 2), 1), ((2, 2, 3), 3), ((2, 2, 4), 3), ((2, 2, 5), 3),
     ((2, 3, 3), 3), ((2, 3, 4), 6), ((2, 3, 5), 6), ((2, 4, 4), 3), ((2, 4, 5), 6),
     ((2, 5, 5), 3), ((3, 3, 3), 1), ((3, 3, 4), 3), ((3, 3, 5), 3), ((3, 4, 4), 3),
     ((3, 4, 5), 6), ((3, 5, 5), 3), ((4, 4, 4), 1), ((4, 4, 5), 3), ((4, 5, 5), 3),
     ((5, 5, 5), 1),),
)


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
                if square not in pending and (not pos.line or _line_ok(pending, square, pos.cols)):
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
    """{"stop": fraction, "reroll": fraction or None} for a Position."""
    if pos.line:
        engine = _LineEngine(pos)
        done = engine.done(pos.pending)
    else:
        engine = _CountEngine(pos)
        done = engine.start_done
    stop = (1, 1) if done else (0, 1)
    reroll = None
    if pos.unplaced > 0 and pos.rolls_left > 0:
        reroll = reduce(engine.start(), SCALE)
    return {"stop": stop, "reroll": reroll}


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


def _line_ok(pending, square, cols):
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


class _CountEngine:
    """No line rule: an item is its food and how many free squares it has left.

    A state is (dice in hand k, rolls left, done, rems) where rems is the sorted
    tuple of food * 8 + left for the items that can still be completed (left <=
    k); ``dumps`` is a bit mask of the foods with an item that cannot.
    """

    def __init__(self, pos):
        self.memo = {}
        left = []
        done = False
        for item, food in enumerate(pos.foods):
            if pos.with_squares:
                count = 0
                touched = False
                for square in pos.free[item]:
                    if square in pos.pending:
                        touched = True
                    else:
                        count += 1
            else:
                touched = False
                count = pos.free[item]
                for target in pos.pending:
                    if target == item:
                        count -= 1
                        touched = True
            if touched and count == 0:
                done = True
            if count > 0:
                left.append((food, count))
        self.start_done = done
        self.left = left
        self.k = pos.unplaced
        self.rolls_left = pos.rolls_left

    def start(self):
        rems, dumps = _summarise(self.left, self.k)
        return self.value(self.k, self.rolls_left, self.start_done, rems, dumps)

    def value(self, k, rolls, done, rems, dumps):
        """Chance (in 1/SCALE) of completing an item when about to roll k dice."""
        key = (k, rolls, done, rems, dumps)
        if key in self.memo:
            return self.memo[key]
        have = dumps
        for code in rems:
            have |= 1 << (code >> 3)
        total = 0
        for faces, ways in ROLLS[k]:
            placeable = False
            for face in faces:
                if face != X and have & (1 << face):
                    placeable = True
                    break
            if not placeable:
                continue
            if done:
                total += ways * SCALE
                continue
            best = self._best(faces, k, rolls, rems, dumps)
            total += ways * best
        result = total // (6**k)
        self.memo[key] = result
        return result

    def _best(self, faces, k, rolls, rems, dumps):
        best = 0
        results = {}
        _count_placements(faces, 0, list(rems), 0, results)
        # A single die on an item that cannot be completed (forced placement).
        for face in faces:
            if face != X and dumps & (1 << face):
                results.setdefault((rems, 1), False)
                break
        for key in results:
            if results[key]:
                return SCALE
            new_rems, used = key
            k2 = k - used
            if k2 == 0 or rolls == 1:
                continue
            left = []
            for code in new_rems:
                left.append((code >> 3, code & 7))
            rems2, dumps2 = _summarise(left, k2)
            value = self.value(k2, rolls - 1, False, rems2, dumps | dumps2)
            if value > best:
                best = value
        return best


def _summarise(left, k):
    """(sorted rems of completable items, dump mask) for [(food, left)]."""
    rems = []
    dumps = 0
    for food, count in left:
        if count <= k:
            rems.append(food * 8 + count)
        else:
            dumps |= 1 << food
    rems.sort()
    return tuple(rems), dumps


def _count_placements(faces, index, rems, used, results):
    """Collect every non-empty placement of useful dice: key (rems, used) -> done."""
    if index == len(faces):
        if used:
            done = False
            kept = []
            for code in rems:
                if code & 7 == 0:
                    done = True
                else:
                    kept.append(code)
            kept.sort()
            key = (tuple(kept), used)
            results[key] = results.get(key, False) or done
        return
    _count_placements(faces, index + 1, rems, used, results)
    face = faces[index]
    if face == X:
        return
    tried = []
    for i in range(len(rems)):
        code = rems[i]
        if code >> 3 != face or code & 7 == 0 or code in tried:
            continue
        tried.append(code)
        rems[i] = code - 1
        _count_placements(faces, index + 1, rems, used + 1, results)
        rems[i] = code


class _LineEngine:
    """Line variant: the squares matter. A state is the pending squares and rolls left."""

    def __init__(self, pos):
        self.pos = pos
        self.memo = {}
        self.cols = pos.cols
        self.food_of = {}
        self.every = []  # free squares, in order
        self.rows = {}  # row -> free squares in it
        self.columns = {}
        for item, food in enumerate(pos.foods):
            for square in pos.free[item]:
                self.food_of[square] = food
                self.every.append(square)
        self.every.sort()
        for square in self.every:
            r, c = divmod(square, self.cols)
            self.rows.setdefault(r, []).append(square)
            self.columns.setdefault(c, []).append(square)

    def candidates(self, pending):
        """Free squares off ``pending`` that keep every die in one line."""
        if not pending:
            return self.every
        r, c = divmod(pending[0], self.cols)
        if len(pending) == 1:
            return self.rows[r] + self.columns[c]
        if pending[1] // self.cols == r:
            return self.rows[r]
        return self.columns[c]

    def start(self):
        return self.value(self.pos.pending, self.pos.rolls_left)

    def done(self, pending):
        """True if the pending squares cover every free square of some item."""
        seen = []
        for square in pending:
            item = self.pos.item_of[square]
            if item in seen:
                continue
            seen.append(item)
            complete = True
            for other in self.pos.free[item]:
                if other not in pending:
                    complete = False
                    break
            if complete:
                return True
        return False

    def completable(self, item, pending, k):
        """Can ``item`` still be completed, given the pending squares and k dice?"""
        missing = []
        for other in self.pos.free[item]:
            if other not in pending:
                missing.append(other)
        if len(missing) > k:
            return False
        return _in_line(list(pending) + missing, self.cols)

    def after(self, pending, rolls):
        """Value once the roll's dice are placed and ``pending`` is on the board."""
        key = (pending, -rolls)
        if key in self.memo:
            return self.memo[key]
        if self.done(pending):
            result = SCALE
        elif len(pending) == DICE or rolls == 1:
            result = 0
        else:
            result = self.value(pending, rolls - 1)
        self.memo[key] = result
        return result

    def value(self, pending, rolls):
        """Chance (in 1/SCALE) of completing an item when about to roll."""
        key = (pending, rolls)
        if key in self.memo:
            return self.memo[key]
        k = DICE - len(pending)
        done = self.done(pending)
        can = [False] * 6  # per face: is there any legal square?
        useful = [[], [], [], [], []]  # per food: squares on completable items
        dump = [0] * 6  # per face: best value of a single die on any other square
        ok = {}
        for square in self.candidates(pending):
            if square in pending:
                continue
            food = self.food_of[square]
            can[food] = True
            item = self.pos.item_of[square]
            if item not in ok:
                ok[item] = self.completable(item, pending, k)
            if ok[item]:
                useful[food].append(square)
            elif not done and dump[food] < SCALE:
                value = self.after(_with(pending, square), rolls)
                if value > dump[food]:
                    dump[food] = value
        total = 0
        for faces, ways in ROLLS[k]:
            best = -1  # -1: nothing can be placed, a bust
            for face in faces:
                if can[face] and dump[face] > best:
                    best = dump[face]
            if best < 0:
                continue
            if done:
                best = SCALE
            elif best < SCALE:
                best = self._best_useful(faces, pending, rolls, useful, best)
            total += ways * best
        result = total // (6**k)
        self.memo[key] = result
        return result

    def _best_useful(self, faces, pending, rolls, useful, best):
        """The best of ``best`` and every placement of dice on completable items."""
        results = {}
        _line_placements(faces, 0, list(pending), 0, useful, self.cols, results)
        for after in results:
            value = self.after(after, rolls)
            if value > best:
                best = value
                if best == SCALE:
                    break
        return best


def _with(pending, square):
    """The sorted tuple of pending plus one square."""
    found = []
    placed = False
    for other in pending:
        if not placed and square < other:
            found.append(square)
            placed = True
        found.append(other)
    if not placed:
        found.append(square)
    return tuple(found)


def _in_line(squares, cols):
    if len(squares) < 2:
        return True
    return _line_ok(squares[1:], squares[0], cols)


def _line_placements(faces, index, placed, used, useful, cols, results):
    """Collect the sorted pending tuples of every non-empty useful placement."""
    if index == len(faces):
        if used:
            results[tuple(sorted(placed))] = True
        return
    _line_placements(faces, index + 1, placed, used, useful, cols, results)
    face = faces[index]
    if face == X:
        return
    for square in useful[face]:
        if square in placed or not _line_ok(placed, square, cols):
            continue
        placed.append(square)
        _line_placements(faces, index + 1, placed, used + 1, useful, cols, results)
        placed.pop()
