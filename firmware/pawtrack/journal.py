"""One game's saved match on flash: cheap to append to, cheap to peek at, read in bounded memory.

A match is its game id, options, seed and the live actions. Each game keeps
its saved match in a folder of its own (``saves/<game id>/``, see
``pawtrack.saves``)::

    head        a safe file (pawtrack.files): JSON {"game", "seed", "options", "gen"}
    <gen>.l0    the first log: LOG_BYTES bytes, a 16-byte header and then records
    <gen>.l1    the next log, made when the one before is three quarters full
    ...

Records use the framing of ``pawtrack.records`` (docs/journal.md):

    kind 0x41 "A"  an action, UTF-8
    kind 0x55 "U"  undo: drops the last live action
    kind 0x53 "S"  status after the records before it: flags (bit 0 = over) + summary

Why logs. On the Pico's LittleFS every write to a file is a commit to its
folder's metadata (which is compacted, a 45 ms erase, every dozen commits),
and appending to a file of more than about 500 bytes also copies its last
4 KiB block (another erase). A log is written whole once, when it is made:
its header, then erased bytes (0xFF), which the journal fills with records in
place (``files.write_at``). On the Pico that is a page program of the flash
under LittleFS (pawtrack.inplace: 0.6 ms, no erase, no commit); elsewhere an
ordinary write into the file. A log is made while the screen is still
(``tidy``: when the one in use is three quarters full, and for a new match,
``prepare_start``, while its options are shown), so a press never waits for
an erase. Each log starts with the status, so the main menu's Resume row reads
only the last log.

Power cuts. A log is either whole (made and closed) or it is not used: the
journal reads only logs of exactly LOG_BYTES. A cut while records are being
programmed leaves them torn: garbage where the append went and erased bytes
after it, which the reader recognises (TORN: at most MAX_APPEND bytes that are
not records, then only erased bytes) and drops; the next append goes to the
next log. The head is replaced atomically (a new match writes its first log,
then the head, and only later removes the old generation's files). Damage
anywhere else, or a head that is not one, sets the save aside with one
sentence for the screen.

Saves of the journal's version 2 (a base file ``<gen>.b`` and two small
tails ``<gen>.t0`` and ``<gen>.t1``) are still read: their records come first
and the match goes on in logs.

Memory. Replaying reads the logs a WINDOW (512 bytes) at a time, never a whole
log (a fragmented heap may have no 4 KiB block free), in two passes: the first
marks which action records are still live (one bit each), the second hands the
live ones to the game. Nothing holds the list of actions.
"""

import json
import struct

from pawtrack import const, records
from pawtrack.files import (
    BAD_SUFFIX,
    make_folders,
    read_all,
    safe_read,
    safe_write,
    set_aside,
)
from pawtrack.ticks import ticks_us as _ticks_us

LOG_MAGIC = b"PAWL"
LOG_VERSION = 1
OLD_MAGIC = b"PAWJ"  # version 2's base and tails, read but no longer written
OLD_VERSION = 2

KIND_ACTION = 0x41
KIND_UNDO = 0x55
KIND_STATUS = 0x53
KIND_BEGIN = 0x42  # version 2's tails only

MAX_PAYLOAD = 1024  # the most a record read back may hold
ACTION_BYTES = 256  # the most an action written may take (pawtrack.match allows 200 characters)
STATUS_BYTES = 64  # a status written: its flags and a summary cut to fit (the menu shows ~20)
OVER = 1

# A log is one flash block, so that the Pico writes it in place (pawtrack.inplace).
LOG_BYTES = const(4096)
# magic (4) | version (1) | log number (u16) | nonce (5) | mark (4, left erased: inplace)
HEADER_BYTES = const(16)
# The next log is made (``tidy``, while the screen is still) once the one in use is
# filled past this: a quarter of a log is dozens of actions, each 12 to 80 bytes.
SPARE_AT = const(3072)
# The most one append writes: a new log's opening status, an action and its status. A
# cut while it is programmed leaves at most this many bytes that are not records.
MAX_APPEND = 2 * (STATUS_BYTES + records.OVERHEAD) + ACTION_BYTES + records.OVERHEAD
OLD_TAILS = 2

HEAD = "head"

DAMAGED = "Saved game damaged; set aside."
FOREIGN = "Saved game not recognised; set aside."
OTHER_VERSION = "Saved game from another version; set aside."

OLD_PREAMBLE = records.preamble(OLD_MAGIC, OLD_VERSION)
ERASED = b"\xff" * 64


def action_record(action):
    payload = action.encode()
    if len(payload) > ACTION_BYTES:
        raise ValueError("action too long for the journal")
    return records.encode(KIND_ACTION, payload)


def status_record(status):
    """status = (over, summary); the summary is cut to fit STATUS_BYTES (whole characters)."""
    over, summary = status
    text = summary.encode()
    while len(text) > STATUS_BYTES - 1:
        summary = summary[: len(summary) - 1]
        text = summary.encode()
    return records.encode(KIND_STATUS, bytes((OVER if over else 0,)) + text)


def parse_status(payload):
    if not payload:
        return None
    try:
        return (payload[0] & OVER) != 0, bytes(payload[1:]).decode()
    except ValueError:
        return None


UNDO_RECORD = records.encode(KIND_UNDO, b"")


def log_header(index, nonce):
    """The first HEADER_BYTES of log ``index``: what tells it apart (nonce: 5 bytes)."""
    return LOG_MAGIC + bytes((LOG_VERSION, index & 0xFF, index >> 8)) + nonce + ERASED[:4]


WINDOW = const(512)  # bytes of a log read at a time: no 4 KiB buffer on a fragmented heap
SHIFT_AT = WINDOW - ACTION_BYTES - records.OVERHEAD  # the window moves on past this


def _fill(f, view, fill):
    """Read from f into view[fill:] until it is full or the file ends; the new fill."""
    while fill < len(view):
        got = f.readinto(view[fill:])
        if not got:
            break
        fill += got
    return fill


def _last_unerased(view, start, stop):
    """The index of the last byte in view[start:stop] that is not 0xFF, or -1."""
    while stop > start:
        size = min(64, stop - start)
        if bytes(view[stop - size : stop]) != ERASED[:size]:
            for index in range(stop - 1, stop - size - 1, -1):
                if view[index] != 0xFF:
                    return index
        stop -= size
    return -1


def read_log(f, number, visit, buf):
    """Hand the records of log ``number`` (open as ``f``) to visit(kind, payload) in order,
    reading WINDOW bytes at a time into ``buf`` (a bytearray of WINDOW bytes).

    Returns (end, torn): ``end`` is the offset after the last good record; the
    bytes from there on are erased (torn False: the next record may go there) or
    what a cut append left (torn True: bytes that are not records, at most
    MAX_APPEND of them, then erased bytes; the log takes no more records). Returns
    None for a file shorter than a log with no records (a cut while it was made).
    Anything else raises SaveDamaged."""
    view = memoryview(buf)
    fill = _fill(f, view, 0)
    if fill >= 4 and bytes(buf[:4]) != LOG_MAGIC:
        raise SaveDamaged(FOREIGN)
    if fill < HEADER_BYTES:
        return None
    if buf[4] != LOG_VERSION:
        raise SaveDamaged(OTHER_VERSION)
    if buf[5] | buf[6] << 8 != number:
        raise SaveDamaged(DAMAGED)
    base = 0  # the offset in the file of buf[0]
    pos = HEADER_BYTES
    found = 0
    while True:
        if pos > SHIFT_AT:
            buf[: fill - pos] = view[pos:fill]
            base += pos
            fill = _fill(f, view, fill - pos)
            pos = 0
        if fill - pos < records.OVERHEAD:
            break
        length, kind, check = struct.unpack_from("<HBB", buf, pos)
        end = pos + records.OVERHEAD + length
        if length > ACTION_BYTES or end > fill:
            break
        if records.crc32(view[pos : pos + 3]) & 0xFF != check:
            break
        (crc,) = struct.unpack_from("<I", buf, end - records.CRC_SIZE)
        if records.crc32(view[pos : end - records.CRC_SIZE]) != crc:
            break
        visit(kind, bytes(view[pos + records.HEAD_SIZE : end - records.CRC_SIZE]))
        found += 1
        pos = end
    end = base + pos
    last = -1  # the offset of the last byte that is not erased, after the records
    while fill:
        index = _last_unerased(view, pos, fill)
        if index >= 0:
            last = base + index
        base += fill
        fill = _fill(f, view, 0)
        pos = 0
    if base > LOG_BYTES:
        raise SaveDamaged(FOREIGN)
    if base < LOG_BYTES:
        if found:
            raise SaveDamaged(DAMAGED)
        return None
    if last < end:
        return end, False
    if last < end + MAX_APPEND:
        return end, True
    raise SaveDamaged(DAMAGED)


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

    def __init__(self, files, folder):
        self.files = files
        self.folder = folder
        self._forget()

    def _forget(self):
        self.game_id = None
        self.options = None
        self.seed = None
        self.gen = None
        self.moves = None
        self.status = None
        self.log = 0  # the log that takes the next records
        self.log_end = HEADER_BYTES  # where they go in it
        self.log_ready = False  # it is made, and erased from log_end on
        self.spare_ready = False  # the log after it is made too (and blank)
        self.sweep_due = False  # another generation's files may be left

    def path(self, name):
        return self.folder + "/" + name

    def _name(self, part, gen=None):
        return self.path("%d.%s" % (self.gen if gen is None else gen, part))

    def _log_name(self, index, gen=None):
        return self._name("l%d" % index, gen)

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

    def _scan_log(self, index, visit, buf, gen=None):
        """read_log of log ``index`` (this generation's, or ``gen``'s); None also when it
        is not there."""
        try:
            f = self.files.open(self._log_name(index, gen), "rb")
        except OSError:
            return None
        try:
            return read_log(f, index, visit, buf)
        finally:
            f.close()

    def _log_numbers(self):
        """The numbers of this generation's logs on flash, in order."""
        prefix = "%d.l" % self.gen
        numbers = []
        for name in self._listdir():
            number = name[len(prefix) :]
            if name.startswith(prefix) and number.isdigit():
                numbers.append(int(number))
        numbers.sort()
        return numbers

    def peek_status(self):
        """The last status written, (over, summary) or None, from the last log alone (or a
        version-2 save's tails): what the main menu's Resume row shows."""
        status = None
        buf = bytearray(WINDOW)
        found = [None]

        def note(kind, payload):
            if kind == KIND_STATUS:
                found[0] = parse_status(payload) or found[0]

        for index in reversed(self._log_numbers()):
            self._scan_log(index, note, buf)
            if found[0] is not None:
                status = found[0]
                break
        if status is None:
            self._old_records(note, tails_only=True)
            status = found[0]
        self.status = status
        return status

    def _each_record(self, visit):
        """Feed the match's records (a version-2 save's first, then the logs) to
        visit(kind, payload), and note where the next record goes."""
        self._old_records(visit)
        buf = bytearray(WINDOW)
        index = 0
        last = None  # (number, end, torn) of the last whole log
        while True:
            found = self._scan_log(index, visit, buf)
            if found is None:
                break
            last = (index, found[0], found[1])
            index += 1
        self.spare_ready = False
        if last is None or last[2]:  # no log yet, or the last one was cut: the next
            self.log = 0 if last is None else last[0] + 1
            self.log_end = HEADER_BYTES
            self.log_ready = False
        else:
            self.log, self.log_end = last[0], last[1]
            self.log_ready = True

    def _old_records(self, visit, tails_only=False):
        """The records of a save of the journal's version 2: the base's, then those of
        the tails that follow it (their begin record names the base's size)."""
        base_size = self._base_size() if tails_only else self._base_records(visit)
        for index in range(OLD_TAILS):
            found = self._read_tail(index, base_size)
            if found is None:
                break
            for kind, payload, _ in found[1:]:
                visit(kind, payload)

    def _base_size(self):
        base = self._name("b")
        return self.files.size(base) if self.files.exists(base) else 0

    def _read_tail(self, index, base_size):
        """The records of a version-2 tail that belongs after ``base_size`` bytes of base,
        or None."""
        name = self._name("t%d" % index)
        if not self.files.exists(name):
            return None
        raw = read_all(self.files, name)
        if records.read_preamble(raw) != (OLD_MAGIC, OLD_VERSION):
            if len(raw) < records.PREAMBLE_SIZE and raw == OLD_PREAMBLE[: len(raw)]:
                return None  # emptied after a merge, or its very first write was cut short
            raise SaveDamaged(FOREIGN if raw[:4] != OLD_MAGIC else OTHER_VERSION)
        found, _, how = records.scan(raw, records.PREAMBLE_SIZE, MAX_PAYLOAD)
        if how == records.END_DAMAGED:
            raise SaveDamaged(DAMAGED)
        if not found:
            return None  # cut inside its first record: nothing was in it yet
        kind, payload, _ = found[0]
        if kind != KIND_BEGIN or len(payload) != 4:
            raise SaveDamaged(DAMAGED)
        if int.from_bytes(payload, "little") != base_size:
            return None  # merged into the base already (or left over from before)
        return found

    def _base_records(self, visit):
        """Feed every good record of a version-2 base to visit(kind, payload); returns
        its good size."""
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
            else:
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
        self._find_log()
        return counter[2]

    # -- writing --------------------------------------------------------------

    def start(self, game_id, options, seed, status):
        """Replace whatever this folder held by a new match with no actions: its first
        log (made ahead by ``prepare_start``, or now), then the head. The old match's
        files go later (``tidy``)."""
        make_folders(self.files, self.folder)
        gen, ready = self._next_gen()
        header = json.dumps({"game": game_id, "seed": seed, "options": options, "gen": gen})
        if len(header) > MAX_PAYLOAD:
            raise ValueError("options too long for the journal")
        self._forget()
        self.gen = gen
        self.seed = seed
        if not ready:
            self._make_log(0)
        opening = status_record(status)
        self.files.write_at(self._log_name(0), HEADER_BYTES, opening)
        safe_write(self.files, self.path(HEAD), header.encode())
        self.game_id, self.options = game_id, options
        self.moves = 0
        self.status = status
        self.log_end = HEADER_BYTES + len(opening)
        self.log_ready = True
        self.sweep_due = True

    def prepare_start(self):
        """Make the first log of this game's next new match now (while the player reads
        its options), so that starting it makes no file."""
        make_folders(self.files, self.folder)
        gen, ready = self._next_gen()
        if not ready:
            saved = self.gen
            self.gen = gen
            try:
                self._make_log(0)
            finally:
                self.gen = saved

    def _next_gen(self):
        """(gen, ready) for a new match: the newest generation on flash plus one, or the
        newest itself if no head names it and its first log is blank (made ready by
        ``prepare_start``: then ready is True)."""
        current = self.gen
        if current is None:
            data, _ = safe_read(self.files, self.path(HEAD), "Saved game")
            head = parse_head(data) if data is not None else None
            current = head[3] if head is not None else 0
        newest = current
        for name in self._listdir():
            number = name.split(".")[0]
            if number.isdigit():
                newest = max(newest, int(number))
        if newest != current and self._blank_first_log(newest):
            return newest, True
        return newest + 1, False

    def _blank_first_log(self, gen):
        try:
            found = self._scan_log(0, lambda kind, payload: None, bytearray(WINDOW), gen)
        except SaveDamaged:
            return False
        return found == (HEADER_BYTES, False)

    def _make_log(self, index):
        """Write log ``index`` of this generation whole: its header, then erased bytes."""
        mixed = (_ticks_us() ^ ((self.seed or 0) * 2654435761)) & 0xFFFFFFFF
        nonce = mixed.to_bytes(4, "little") + bytes(((self.gen or 0) & 0xFF,))
        name = self._log_name(index)
        f = self.files.open(name, "wb")
        try:  # in small pieces: a fragmented heap may have no 4 KiB block free
            f.write(log_header(index, nonce))
            left = LOG_BYTES - HEADER_BYTES
            while left:
                piece = min(left, len(ERASED))
                f.write(ERASED if piece == len(ERASED) else ERASED[:piece])
                left -= piece
            f.flush()
        finally:
            f.close()
        self.files.write_at(name, HEADER_BYTES, b"")  # the Pico finds its block now, not later

    def _find_log(self):
        """Where the next record goes, looked up now (on the Pico: its flash block), so
        that the next press does not."""
        if self.log_ready:
            self.files.write_at(self._log_name(self.log), self.log_end, b"")

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
        self.sweep_due = False

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
        """Is there flash work that ``tidy`` should do while nobody waits?"""
        return self.gen is not None and (
            self.sweep_due
            or not self.log_ready
            or (self.log_end > SPARE_AT and not self.spare_ready)
        )

    def tidy(self):
        """The flash work the next presses would otherwise wait for: the next log made
        (or the one in use, after a cut), the old generation's files removed."""
        if self.gen is None:
            return
        if not self.log_ready:
            self._make_log(self.log)
            self.log_ready = True
        elif self.log_end > SPARE_AT and not self.spare_ready:
            self._make_log(self.log + 1)
            self.spare_ready = True
        if self.sweep_due:
            self.sweep()

    def _append(self, data, status):
        if self.gen is None or self.moves is None:
            raise ValueError("the journal holds no loaded match")
        if self.log_ready and self.log_end + len(data) > LOG_BYTES:  # full: the next log
            self.log += 1
            self.log_end = HEADER_BYTES
            self.log_ready, self.spare_ready = self.spare_ready, False
        if not self.log_ready:
            self._make_log(self.log)
            self.log_ready = True
        if self.log_end == HEADER_BYTES and self.status is not None:
            data = status_record(self.status) + data  # every log opens with the status
        self.files.write_at(self._log_name(self.log), self.log_end, data)
        self.log_end += len(data)
        if status is not None:
            self.status = status

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
