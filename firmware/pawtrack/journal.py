"""One game's saved match on flash: cheap to append to, cheap to peek at, read in bounded memory.

A match is its game id, options, seed and the live actions. Each game keeps
its saved match in a folder of its own (``saves/<game id>/``, see
``pawtrack.saves``) holding at most four files::

    head      a safe file (pawtrack.files): JSON {"game", "seed", "options", "gen"}
    <gen>.b   the base: action and undo records moved there from full tails
    <gen>.t0  tail 0: a begin record, a status record, then action/undo/status records
    <gen>.t1  tail 1, started when tail 0 is full

Records use the framing of ``pawtrack.records`` (docs/journal.md):

    kind 0x41 "A"  an action, UTF-8
    kind 0x55 "U"  undo: drops the last live action
    kind 0x53 "S"  status after the records before it: flags (bit 0 = over) + summary
    kind 0x42 "B"  begin of a tail: the size of the base when the tail was started

Why this shape. On the Pico's LittleFS a file under about 512 bytes lives
inside its folder's metadata, where an append is one small commit; a bigger
file copies its last 4 KiB block on every append (a 45 ms erase each time).
So actions go to a small tail, and when both tails are full their records move
to the base in one append. The status record means the main menu's Resume row
reads one small tail instead of replaying the match.

Power cuts. Every write is one ``write`` on a file opened for it, then closed;
LittleFS makes it visible all at once. The base only grows by merges, and a
merge takes every tail there is, so a tail whose begin record names a smaller
base than the base's good length has already been merged and is ignored (and
emptied when tail 0 starts again: on LittleFS emptying a file is one commit,
where removing it and making it again are three, and a new file that finds
its folder's metadata full costs two 45 ms erases in one press). A new match
writes its first tail under a new generation number, then replaces ``head``
(atomic rename), then removes the old generation's files.
A torn record at the very end of a file (FAT, or a cut inside a write) is
dropped and the next write rewrites that file cleanly; damage anywhere else,
or a head that is not one, sets the save aside with one sentence for the screen.

Memory. Replaying reads the files record by record (``records.Reader``) in two
passes: the first marks which action records are still live (one bit each),
the second hands the live ones to the game. Nothing holds the list of actions.
"""

import json

from pawtrack import records
from pawtrack.files import (
    BAD_SUFFIX,
    make_folders,
    read_all,
    safe_read,
    safe_write,
    set_aside,
    write_new,
)

MAGIC = b"PAWJ"
VERSION = 2

KIND_ACTION = 0x41
KIND_UNDO = 0x55
KIND_STATUS = 0x53
KIND_BEGIN = 0x42

MAX_PAYLOAD = 1024
TAIL_BYTES = 400  # below LittleFS's inline limit (512 bytes on the Pico's geometry)
TAILS = 2
OVER = 1
# When the last tail has less room than this, ``needs_tidy`` says a merge is due:
# the app does it once the screen is still (``tidy``), so that a press does not
# wait for it (a merge appends to the base: a block copy and an erase on the Pico,
# about 100 ms). An action and its status are typically 20 to 80 bytes.
TIDY_ROOM = 96

HEAD = "head"

DAMAGED = "Saved game damaged; set aside."
FOREIGN = "Saved game not recognised; set aside."
OTHER_VERSION = "Saved game from another version; set aside."

PREAMBLE = records.preamble(MAGIC, VERSION)


def action_record(action):
    payload = action.encode()
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("action too long for the journal")
    return records.encode(KIND_ACTION, payload)


def status_record(status):
    """status = (over, summary)."""
    over, summary = status
    payload = bytes((OVER if over else 0,)) + summary.encode()[: MAX_PAYLOAD - 1]
    return records.encode(KIND_STATUS, payload)


def parse_status(payload):
    if not payload:
        return None
    try:
        return (payload[0] & OVER) != 0, bytes(payload[1:]).decode()
    except ValueError:
        return None


def begin_record(base_size):
    return records.encode(KIND_BEGIN, base_size.to_bytes(4, "little"))


UNDO_RECORD = records.encode(KIND_UNDO, b"")


def parse_head(data):
    """(game_id, options, seed, gen) from a head file's data, or None if it is not one."""
    try:
        head = json.loads(data)
    except Exception:  # noqa: BLE001 - bad JSON, or nesting deep enough to exhaust the stack
        return None
    if not isinstance(head, dict):
        return None
    game_id = head.get("game")
    seed = head.get("seed")
    options = head.get("options")
    gen = head.get("gen")
    if not isinstance(game_id, str) or not isinstance(options, dict):
        return None
    for number in (seed, gen):
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            return None
    return game_id, options, seed, gen


class SaveDamaged(Exception):
    """A save that cannot be read; the message is the sentence for the screen."""


class Journal:
    """The saved match in one folder; see the module docstring for the files.

    After ``start``, ``load_head`` or ``replay`` it knows ``game_id``,
    ``options``, ``seed``, the number of live actions ``moves`` (after a
    replay) and the last ``status`` written.
    """

    def __init__(self, files, folder, tail_bytes=TAIL_BYTES):
        self.files = files
        self.folder = folder
        self.tail_bytes = tail_bytes
        self._forget()

    def _forget(self):
        self.game_id = None
        self.options = None
        self.seed = None
        self.gen = None
        self.moves = None
        self.status = None
        self.base_size = 0  # bytes of good records in the base
        self.tail = 0  # index of the tail being appended to
        self.tail_size = 0  # bytes of good records in it (0: not started)
        self.rewrite_tail = False  # a torn end to clean up before the next append

    def path(self, name):
        return self.folder + "/" + name

    def _name(self, part):
        return self.path("%d.%s" % (self.gen, part))

    def exists(self):
        return self.files.exists(self.path(HEAD))

    # -- reading --------------------------------------------------------------

    def load_head(self):
        """Read the head: (True, None) if there is a save, (False, message or None) if not.

        A head that fails any check is set aside (message says so)."""
        self._forget()
        data, message = safe_read(self.files, self.path(HEAD), "Saved game")
        if data is None:
            return False, message
        head = parse_head(data)
        if head is None:
            self.set_aside()
            return False, DAMAGED
        self.game_id, self.options, self.seed, self.gen = head
        return True, None

    def peek_status(self):
        """The last status written, from the tails alone: (over, summary) or None.

        What the main menu's Resume row shows; reads at most two small files."""
        base = self.path("%d.b" % self.gen)
        base_size = self.files.size(base) if self.files.exists(base) else 0
        status = None
        for index in range(TAILS):
            found = self._read_tail(index, base_size)
            if found is None:
                break
            for kind, payload, _ in found[0]:
                if kind == KIND_STATUS:
                    status = parse_status(payload) or status
        self.status = status
        return status

    def _read_tail(self, index, base_size):
        """(records, end, how) of a tail that belongs after ``base_size`` bytes of base, or None."""
        name = self._name("t%d" % index)
        if not self.files.exists(name):
            return None
        raw = read_all(self.files, name)
        if records.read_preamble(raw) != (MAGIC, VERSION):
            if len(raw) < records.PREAMBLE_SIZE and raw == PREAMBLE[: len(raw)]:
                return None  # emptied after a merge, or its very first write was cut short
            raise SaveDamaged(FOREIGN if raw[:4] != MAGIC else OTHER_VERSION)
        found, end, how = records.scan(raw, records.PREAMBLE_SIZE, MAX_PAYLOAD)
        if how == records.END_DAMAGED:
            raise SaveDamaged(DAMAGED)
        if not found:
            return None  # cut inside its first record: nothing was in it yet
        kind, payload, _ = found[0]
        if kind != KIND_BEGIN or len(payload) != 4:
            raise SaveDamaged(DAMAGED)
        begun_at = int.from_bytes(payload, "little")
        if begun_at != base_size:
            return None  # merged into the base already (or left over from before)
        return found, end, how

    def _base_records(self, visit):
        """Feed every good record of the base to visit(kind, payload); returns its good size."""
        name = self._name("b")
        if not self.files.exists(name):
            return 0
        f = self.files.open(name, "rb")
        try:
            reader = records.Reader(f, MAX_PAYLOAD)
            while True:
                item = reader.next()
                if item is None:
                    break
                visit(item[0], item[1])
        finally:
            f.close()
        if reader.how == records.END_DAMAGED:
            raise SaveDamaged(DAMAGED)
        return reader.end

    def _each_record(self, visit):
        """Feed the match's records (base, then live tails) to visit(kind, payload)."""
        self.base_size = self._base_records(visit)
        self.tail = 0
        self.tail_size = 0
        self.rewrite_tail = False
        for index in range(TAILS):
            found = self._read_tail(index, self.base_size)
            if found is None:
                break
            self.tail = index
            tail_records, self.tail_size, how = found
            self.rewrite_tail = how != records.END_CLEAN
            for kind, payload, _ in tail_records[1:]:
                visit(kind, payload)

    def replay(self, apply, drop_last=False, progress=None):
        """Hand every live action to apply(action), in order; returns the last live action.

        With ``drop_last`` the last live action is not applied (an undo being
        prepared). ``progress(done, total)`` is called every few dozen actions
        of a long replay (the device feeds its watchdog and draws a bar).
        Raises SaveDamaged for a bad file; whatever ``apply`` raises goes through.
        """
        live = Liveness()
        statuses = [None]

        def mark(kind, payload):
            if kind == KIND_ACTION:
                live.add()
            elif kind == KIND_UNDO:
                if not live.drop():
                    raise SaveDamaged(DAMAGED)
            elif kind == KIND_STATUS:
                statuses[0] = parse_status(payload) or statuses[0]
            elif kind != KIND_BEGIN:
                raise SaveDamaged(DAMAGED)

        self._each_record(mark)
        total = live.count - (1 if drop_last and live.count else 0)
        counter = [0, 0, None]  # action records seen, live actions applied, the last one

        def play(kind, payload):
            if kind != KIND_ACTION:
                return
            index = counter[0]
            counter[0] += 1
            if not live.is_live(index):
                return
            try:
                action = payload.decode()
            except ValueError:
                raise SaveDamaged(DAMAGED)  # noqa: B904 - MicroPython warns about "from"
            counter[2] = action
            if counter[1] < total:
                apply(action)
                counter[1] += 1
                if progress is not None and counter[1] % PROGRESS_EVERY == 0:
                    progress(counter[1], total)

        self._each_record(play)
        self.moves = live.count
        self.status = statuses[0]
        return counter[2]

    # -- writing --------------------------------------------------------------

    def start(self, game_id, options, seed, status):
        """Replace whatever this folder held by a new match with no actions."""
        make_folders(self.files, self.folder)
        old = self.gen if self.gen is not None else self._newest_gen()
        header = json.dumps({"game": game_id, "seed": seed, "options": options, "gen": old + 1})
        if len(header) > MAX_PAYLOAD:
            raise ValueError("options too long for the journal")
        self._forget()
        self.gen = old + 1
        tail = PREAMBLE + begin_record(0) + status_record(status)
        write_new(self.files, self._name("t0"), tail)
        safe_write(self.files, self.path(HEAD), header.encode())
        self.game_id, self.options, self.seed = game_id, options, seed
        self.moves = 0
        self.status = status
        self.tail_size = len(tail)
        self.sweep()

    def _newest_gen(self):
        newest = 0
        for name in self._listdir():
            number = name.split(".")[0]
            if number.isdigit():
                newest = max(newest, int(number))
        return newest

    def _listdir(self):
        try:
            return self.files.listdir(self.folder)
        except OSError:
            return []

    def sweep(self):
        """Remove the files of other generations (left by a new match or a set-aside save)."""
        mine = "%d." % self.gen if self.gen is not None else None
        for name in self._listdir():
            if name == HEAD or name.endswith(BAD_SUFFIX):
                continue
            if mine is not None and name.startswith(mine):
                continue
            try:
                self.files.remove(self.path(name))
            except OSError:
                pass

    def append_action(self, action, status=None):
        """Journal one accepted action (and the status after it, if it changed)."""
        data = action_record(action)
        if status is not None and status != self.status:
            data += status_record(status)
        self._append(data, status)
        self.moves += 1

    def append_undo(self, status=None):
        """Journal that the last live action was taken back."""
        if not self.moves:
            raise ValueError("nothing to undo in the journal")
        data = UNDO_RECORD
        if status is not None and status != self.status:
            data += status_record(status)
        self._append(data, status)
        self.moves -= 1

    def needs_tidy(self):
        """Is the last tail nearly full, so that a merge is due soon?"""
        return (
            self.gen is not None
            and self.tail == TAILS - 1
            and self.tail_size > self.tail_bytes - TIDY_ROOM
        )

    def tidy(self):
        """Merge the tails into the base now, if one is due (see TIDY_ROOM), instead of in
        the append that would not fit. Power cuts: as for the merge in an append."""
        if self.needs_tidy():
            self._merge()

    def _append(self, data, status):
        if self.gen is None or self.moves is None:
            raise ValueError("the journal holds no loaded match")
        if self.tail_size and self.tail_size + len(data) <= self.tail_bytes:
            if self.rewrite_tail:
                self._rewrite_tail(data)
            else:
                self._append_to(self._name("t%d" % self.tail), data)
                self.tail_size += len(data)
        elif self.tail_size and self.tail + 1 < TAILS:
            self.tail += 1
            self._new_tail(data)
        else:
            self._merge()
            self._new_tail(data)
        if status is not None:
            self.status = status

    def _append_to(self, name, data):
        self.rewrite_tail = True  # until the append is known to be complete
        f = self.files.open(name, "ab")
        try:
            f.write(data)
            f.flush()
        finally:
            f.close()
        self.rewrite_tail = False

    def _new_tail(self, data):
        """Start tail ``self.tail``: begin, the current status, then data."""
        head = PREAMBLE + begin_record(self.base_size)
        if self.status is not None:
            head += status_record(self.status)
        write_new(self.files, self._name("t%d" % self.tail), head + data)
        self.tail_size = len(head) + len(data)
        self.rewrite_tail = False
        if self.tail == 0 and self.files.exists(self._name("t1")):
            write_new(self.files, self._name("t1"), b"")  # a merged one

    def _rewrite_tail(self, data):
        """Rewrite the current tail as its good records plus data (after a torn end)."""
        name = self._name("t%d" % self.tail)
        raw = read_all(self.files, name)[: self.tail_size]
        write_new(self.files, name, raw + data)
        self.tail_size += len(data)
        self.rewrite_tail = False

    def _merge(self):
        """Move the action and undo records of every live tail to the end of the base."""
        moved = []
        for index in range(TAILS):
            found = self._read_tail(index, self.base_size)
            if found is None:
                break
            for kind, payload, _ in found[0][1:]:
                if kind == KIND_ACTION or kind == KIND_UNDO:
                    moved.append(records.encode(kind, payload))
        data = b"".join(moved)
        base = self._name("b")
        if self.base_size and self.files.size(base) != self.base_size:
            # A torn end (FAT): rewrite the base as its good records plus the tails.
            data = read_all(self.files, base)[: self.base_size] + data
            write_new(self.files, base, data)
            self.base_size = len(data)
        elif data:
            self._append_to(base, data)
            self.base_size += len(data)
        self.tail = 0
        self.tail_size = 0

    def _remove(self, name):
        try:
            self.files.remove(name)
        except OSError:
            pass

    # -- giving up ------------------------------------------------------------

    def set_aside(self):
        """Rename the head to ``head.bad`` so the save is no longer offered; never raises.

        The data files stay until the next new match sweeps them away."""
        set_aside(self.files, self.path(HEAD))
        self._forget()

    def discard(self):
        """Delete the saved match (the player ended it); never raises."""
        self._remove(self.path(HEAD))
        self.gen = None
        self.sweep()
        self._forget()


PROGRESS_EVERY = 32


class Liveness:
    """Which action records are still live, one bit each: undo drops the last live one."""

    def __init__(self):
        self.bits = bytearray()
        self.total = 0  # action records seen
        self.count = 0  # of them live

    def add(self):
        index = self.total
        if index >> 3 >= len(self.bits):
            self.bits.extend(bytes(64))
        self.bits[index >> 3] |= 1 << (index & 7)
        self.total += 1
        self.count += 1

    def drop(self):
        """Clear the last live bit; False if nothing was live."""
        index = self.total - 1
        while index >= 0:
            if self.is_live(index):
                self.bits[index >> 3] &= ~(1 << (index & 7)) & 0xFF
                self.count -= 1
                return True
            index -= 1
        return False

    def is_live(self, index):
        return (self.bits[index >> 3] >> (index & 7)) & 1 == 1
