"""The chance of completing an Mmm! item this turn: the exact search behind the odds page.

``chances(pos)`` answers odds.complete_chance_at (odds.py says what the figures
mean and how the search stays small): it is loaded the first time the odds page
asks, so the table, which shows only the bust chance, does not wait for the search's
code to load when the match starts.
"""

from pawtrack.games.mmm.odds import DICE, SCALE, X, line_ok, reduce

# Every roll of k dice (k = 1, 2, 3) as a multiset of faces with its number
# of orderings, sorted; what _multisets(k) enumerates (the tests check it), written
# out so that nothing is worked out when the module loads.
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


def chances(pos):
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
    return line_ok(squares[1:], squares[0], cols)


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
        if square in placed or not line_ok(placed, square, cols):
            continue
        placed.append(square)
        _line_placements(faces, index + 1, placed, used + 1, useful, cols, results)
        placed.pop()
