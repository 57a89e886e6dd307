"""Checkpoints in the journal: undo and resume replay a bounded number of actions.

A match is rebuilt by replaying its actions from the seed (pawtrack.match),
which costs more the longer the match. So every few dozen live actions (the
rules' ``CHECKPOINT_SPACING``) the match writes a checkpoint into its journal:
the rules' whole state (``Game.checkpoint()``, pawtrack.game), the number of
live actions it stands for and the last few actions (the match's ``recent``). Rebuilding then starts
from the latest checkpoint that is still good and replays only the live
actions after it, fewer than that spacing (docs/journal.md, "Checkpoints").

A checkpoint is journal records of kind 0x43, each at most PART_BYTES of
payload (the journal reads records of up to 256 bytes)::

    part     = index[1] count[1] bytes          part index of count, in order
    data     = the parts' bytes joined = packed [FORMAT, moves, recent, record]

Each part is written with its own append, so a power cut can tear at most one
part: a checkpoint is used only when all its parts follow one another (the
next record that ends a full log and the status that opens the new one may
come between), and the rules check the
record itself again (its version and CRC-32). A checkpoint is good for the
match as it is now if no undo after it went back past it: counting +1 for an
action and -1 for an undo after it, the count never goes below 0 (and stays
at 1 or more when an undo is being prepared). Anything wrong with the latest
good one (parts missing, a record the rules refuse) and the one before is
tried, and then replay from the seed: never a wrong state.

Reading: the logs are looked at from the last one back until one holds the
start of a good checkpoint, then read forward from there twice: once to find the
latest good checkpoint and which actions after it are live, once to restore
it and apply them. A match without checkpoints (a save from before them, or
rules without ``checkpoint()``) is replayed from the seed as before.
"""

from pawtrack import const
from pawtrack.game import IllegalAction
from pawtrack.journal import (
    KIND_ACTION,
    KIND_CHECKPOINT,
    KIND_NEXT,
    KIND_STATUS,
    KIND_UNDO,
    Liveness,
    SaveDamaged,
    parse_status,
)
from pawtrack.packing import pack, unpack

FORMAT = 1
RECORDS_PER_ACTION = const(3)  # also due after spacing x this many records (undos)
PART_BYTES = const(240)
MAX_PARTS = const(16)  # the most a checkpoint may take: 3,840 bytes


def encode(moves, recent, record):
    """The payloads of the checkpoint records for ``record`` (Game.checkpoint())."""
    data = pack([FORMAT, moves, list(recent), record])
    count = (len(data) + PART_BYTES - 1) // PART_BYTES
    if count > MAX_PARTS:
        raise ValueError("checkpoint too large for the journal")
    parts = []
    for index in range(count):
        parts.append(bytes((index, count)) + data[index * PART_BYTES : (index + 1) * PART_BYTES])
    return parts


def decode(data):
    """(moves, recent, record) from a checkpoint's joined bytes; ValueError if not one."""
    values = unpack(data)
    if not isinstance(values, list) or len(values) != 4 or values[0] != FORMAT:
        raise ValueError("not a checkpoint of this format")
    moves, recent, record = values[1], values[2], values[3]
    if not isinstance(moves, int) or isinstance(moves, bool) or moves < 0:
        raise ValueError("checkpoint's move count is not one")
    if not isinstance(recent, list) or not isinstance(record, bytes):
        raise ValueError("not a checkpoint of this format")
    for action in recent:
        if not isinstance(action, str):
            raise ValueError("checkpoint's recent actions are not actions")
    return moves, recent, record


class Joiner:
    """Gathers the parts of checkpoints from records handed to ``feed`` in order.

    ``feed(kind, payload)`` returns True when the record completes a
    checkpoint (its bytes are then in ``data``)."""

    def __init__(self, keep):
        self.keep = keep  # gather the bytes (the second reading), or only count
        self.next = 0
        self.count = 0
        self.data = None

    def feed(self, kind, payload):
        if kind == KIND_NEXT or kind == KIND_STATUS:
            # a full log ends with a next record and a new log opens with a status:
            # the parts go on after them
            return False
        if kind != KIND_CHECKPOINT or len(payload) < 2:
            self.next = 0
            return False
        index, count = payload[0], payload[1]
        if index == 0:
            self.next, self.count = 0, count
            self.data = bytearray() if self.keep else None
        if index != self.next or count != self.count or count == 0:
            self.next = 0
            return False
        if self.keep:
            self.data.extend(payload[2:])
        self.next += 1
        if self.next == count:
            self.next = 0
            return True
        return False


class Tracker:
    """What the match did since its latest checkpoint (when the next one is due)."""

    def __init__(self, actions=0, records=0):
        self.actions = actions
        self.records = records

    def due(self, spacing, late=False):
        """Is a checkpoint due, ``spacing`` live actions on (``late``: overdue, nobody
        tidied for twice that)?"""
        if late:
            spacing *= 2
        return self.actions >= spacing or self.records >= RECORDS_PER_ACTION * spacing


def write(match):
    """Journal a checkpoint of the match now; the rules' record (bytes), or None if
    its rules keep none."""
    record = match.game.checkpoint()
    if record is None:
        return None
    match.journal.append_checkpoint(encode(match.moves, match.recent, record))
    match.since = Tracker()
    return record


class Doubt(Exception):
    """Something the checkpoint path does not judge (a record of unknown kind, an action
    that is not legal, damage in the logs): the full replay, which decides what of the
    match is trusted and says what is lost, takes over."""


def _starts_in(journal, index, buf):
    """Does log ``index`` hold the first part of a checkpoint?"""
    found = [False]

    def look(kind, payload):
        if kind == KIND_CHECKPOINT and payload and payload[0] == 0:
            found[0] = True

    try:
        journal._scan_log(index, look, buf)
    except SaveDamaged:
        return False
    return found[0]


def _survey(journal, first, drop_last):
    """Read logs ``first`` .. the last: the good checkpoints, latest last, each as
    (number among the checkpoints read, actions, records and live actions after it
    up to then), and which action records are live. A checkpoint is good while no
    undo after it went back past it."""
    good = []  # (number, depth at it, action records before it, records up to it)
    live = Liveness()
    joiner = Joiner(False)
    counts = [0, 0, 0, None]  # checkpoints completed, depth, records, last status

    def visit(kind, payload):
        counts[2] += 1
        if joiner.feed(kind, payload):
            good.append((counts[0], counts[1], live.total, counts[2]))
            counts[0] += 1
        if kind == KIND_ACTION:
            live.add()
            counts[1] += 1
        elif kind == KIND_UNDO:
            live.drop()  # False: it went back before these logs
            counts[1] -= 1
            while good and good[-1][1] > counts[1]:
                good.pop()
        elif kind == KIND_STATUS:
            counts[3] = parse_status(payload) or counts[3]
        elif kind != KIND_CHECKPOINT and kind != KIND_NEXT:
            raise Doubt()

    journal._each_record(visit, first)
    if journal.broken:
        raise Doubt()
    if drop_last:
        while good and good[-1][1] > counts[1] - 1:
            good.pop()
    return good, live, counts[2], counts[3]


def _restore(journal, rules, options, first, chosen, live, drop_last, progress, previous):
    """Restore checkpoint ``chosen`` (from _survey) and apply the live actions after it:
    (game, recent, last live action, moves, (undo's base, the live actions after it,
    the older base or None), the number applied); ValueError if the checkpoint
    does not restore. The base an undo from here starts from, kept in RAM: the
    game's own checkpoint taken just before the last action applied (the older
    base is then ``chosen`` itself); when no live action follows ``chosen``, the
    good checkpoint ``previous`` before it (or None), read too: (its (moves,
    recent, record), the live actions after it), or SEED and every live action
    when ``chosen`` is the match's first checkpoint."""
    number, _, actions_before, _ = chosen
    joiner = Joiner(True)
    applied = []  # the live actions applied after the checkpoint
    state = [0, None, None, 0, 0, None]  # checkpoints seen, game, recent, index, applied, last
    after = live.count - _live_before(live, actions_before)
    total = after - (1 if drop_last and after else 0)
    found = [None]
    older = [None, None, []]  # previous decoded, its next action index, live actions after it
    if total:
        previous = None
    elif previous is None and first == 0:  # the first checkpoint: the seed is the one before
        older[0], older[1] = SEED, 0

    def visit(kind, payload):
        if older[1] is not None and kind == KIND_ACTION:
            if live.is_live(older[1]):
                older[2].append(payload)
            older[1] += 1
        if state[1] is None:
            if joiner.feed(kind, payload):
                if previous is not None and state[0] == previous[0]:
                    older[0] = decode(bytes(joiner.data))
                    older[1] = previous[2]
                if state[0] == number:
                    found[0] = decode(bytes(joiner.data))
                    _, recent, record = found[0]
                    state[1] = restored(rules, options, record)
                    state[2] = list(recent)  # the checkpoint's own list stays as read
                    state[3] = actions_before
                    state[5] = recent[-1] if recent else None
                state[0] += 1
            return
        if kind != KIND_ACTION:
            return
        index = state[3]
        state[3] += 1
        if not live.is_live(index):
            return
        try:
            action = payload.decode()
        except ValueError:
            raise Doubt()  # noqa: B904 - MicroPython warns about "from"
        state[5] = action
        if state[4] < total:
            try:
                state[1].check_legal(action)
            except IllegalAction:
                raise Doubt()  # noqa: B904
            if state[4] == total - 1:  # undo's base in RAM: one action before the end
                found.append((0, list(state[2]), state[1].checkpoint()))
            state[1].apply(action)
            applied.append(action)
            state[2].append(action)
            if len(state[2]) > RECENT:
                state[2].pop(0)
            state[4] += 1
            if progress is not None and state[4] % 32 == 0:
                progress(state[4], total)

    journal._each_record(visit, first)
    if state[1] is None:
        raise ValueError("checkpoint not found again")
    moves = found[0][0] + after
    if len(found) > 1:  # the state before the last action applied, and the checkpoint
        bases = (found[1], applied[-1:], (found[0], applied[:-1]))
        return state[1], state[2], state[5], moves, bases, state[4]
    base = None
    if older[0] is not None and len(older[2]) <= 2 * rules.CHECKPOINT_SPACING:
        actions = [payload.decode() for payload in older[2]]
        if drop_last and actions:
            actions.pop()  # the action being undone
        base = (older[0], actions)
    return state[1], state[2], state[5], moves, (found[0], applied, base), state[4]


def restored(rules, options, record):
    """rules.restore, with anything it raises but MemoryError turned into ValueError:
    a checkpoint that does not fit is passed over, never a reason to set a save aside."""
    try:
        return rules.restore(options, record)
    except MemoryError:
        raise
    except Exception as problem:  # noqa: BLE001 - a record that fits no longer
        raise ValueError("checkpoint refused: %s" % (problem,))  # noqa: B904


SEED = "seed"  # undo's base at the match's start, rebuilt from its seed (pawtrack.match)
RECENT = 8  # the match's recent actions (pawtrack.match.RECENT, which imports this)


def _live_before(live, actions):
    count = 0
    for index in range(actions):
        if live.is_live(index):
            count += 1
    return count


def rebuild(journal, rules, options, drop_last=False, progress=None):
    """Rebuild the match from its latest good checkpoint: (game, recent, last live
    action, tracker, (undo's base, the live actions after it, the older base or
    None: see _restore)), with ``journal.moves``
    and ``journal.status`` set as ``journal.replay`` sets them; None when there is
    none to start from (replay from the seed then, and also where the logs hold
    anything this path does not judge: damage, a record of unknown kind, an action
    that is not legal; the full replay decides what is trusted and says what is
    lost). Raises whatever the rules raise on an action."""
    if not rules.CHECKPOINT_VERSION:
        return None
    numbers = journal._log_numbers()
    chain = 0
    while chain in numbers:
        chain += 1
    buf = bytearray(512)
    first = chain - 1
    while first >= 0:
        # The last log is surveyed straight away (it holds a checkpoint, mostly); an
        # earlier one only once it is seen to hold the start of one.
        if first < chain - 1 and not _starts_in(journal, first, buf):
            first -= 1
            continue
        try:
            good, live, records, status = _survey(journal, first, drop_last)
        except Doubt:
            return None
        while good:
            chosen = good.pop()
            previous = good[-1] if good else None
            try:
                game, recent, last, moves, bases, applied = _restore(
                    journal, rules, options, first, chosen, live, drop_last, progress, previous
                )
            except ValueError:
                continue  # damaged or refused: the checkpoint before it
            except Doubt:
                return None
            journal.moves = moves
            journal.status = status
            journal._find_log()
            return game, recent, last, Tracker(applied, records - chosen[3]), bases
        first -= 1
    return None
