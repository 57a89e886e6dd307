"""One game's saved match on flash: cheap to append to, cheap to peek at, read in bounded memory.

A match is its game id, options, seed and the live actions. Each game keeps
its saved match in a folder of its own (``saves/<game id>/``, see
``pawtrack.saves``)::

    head        a safe file (pawtrack.files): JSON {"game", "seed", "options", "gen"}
    <gen>.l0    the first log: LOG_BYTES bytes, a 16-byte header and then records
    <gen>.l1    the next log, made when the one before is three quarters full
    ...
    <gen>.top   the number of the newest log made (from the second on), as text

Records use the framing of ``pawtrack.records`` (docs/journal.md):

    kind 0x41 "A"  an action, UTF-8
    kind 0x55 "U"  undo: drops the last live action
    kind 0x53 "S"  status after the records before it: flags (bit 0 = over, bit 1 = the
                   log before this one ended torn: only in a log's opening status) + summary
    kind 0x4E "N"  the last record of a full log: the next log was whole when it was written
    kind 0x43 "C"  a part of a checkpoint (pawtrack.checkpoints): replay skips it

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

Finding the last log. Listing a folder on LittleFS costs in proportion to the
files in it, and a long match has one log per couple of hundred actions. So
each log from the second on is noted in ``<gen>.top`` once it is whole, and a
resume or the menu looks at that note and at the log after it (a note a cut
left behind is one log short); only without a note that holds does the
journal list the folder. A log missing before the note's is then met by the
replays that read it (as damage inside such a log is), not before.

Power cuts. A log is either whole (made and closed) or it is not used: the
journal reads only logs of exactly LOG_BYTES. A cut while records are being
programmed leaves them torn: garbage where the append went and erased bytes
after it, which the reader recognises (LOG_TORN: at most MAX_APPEND bytes that
are not records, none of them a good record, then only erased bytes) and
drops; the next append goes to the next log, whose opening status says so
(AFTER_CUT). A full log ends with a NEXT record once the next log is whole.
The head is replaced atomically (a new match writes its first log, then the
head, and only later removes the old generation's files).

Damage. Anything else ends the match's trusted records where it is found
(``replay`` sets ``broken``): nothing after it is used, the match resumes
with what came before, and ``salvage`` copies that into a new generation
(pawtrack.match says how many actions were kept). A head that is not one, or
a first log that is no log of this version, sets the save aside with one
sentence for the screen.

Saves of the journal's version 2 (a base file ``<gen>.b`` and two small
tails ``<gen>.t0`` and ``<gen>.t1``) are still read (pawtrack.journal_v2): their
records come first and the match goes on in logs.

Memory. Replaying reads the logs a WINDOW (512 bytes) at a time, never a whole
log (a fragmented heap may have no 4 KiB block free), in two passes: the first
marks which action records are still live (one bit each), the second hands the
live ones to the game. Nothing holds the list of actions.
"""

import json

from pawtrack import const, records
from pawtrack.files import (
    BAD_SUFFIX,
    make_folders,
    remove_tree,
    safe_read,
    safe_write,
    set_aside,
)

LOG_MAGIC = b"PAWL"
LOG_VERSION = 1

KIND_ACTION = 0x41
KIND_UNDO = 0x55
KIND_STATUS = 0x53
KIND_NEXT = 0x4E  # the last record of a full log: the next log was whole when it was written
KIND_CHECKPOINT = 0x43  # read and written by pawtrack.checkpoints

MAX_PAYLOAD = 1024  # the most a record read back may hold
ACTION_BYTES = 256  # the most an action written may take (pawtrack.match allows 200 characters)
STATUS_BYTES = 64  # a status written: its flags and a summary cut to fit (the menu shows ~20)
OVER = 1
AFTER_CUT = 2  # in a log's opening status: the log before it ended in a torn append

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

HEAD = "head"
TOP = "top"  # <gen>.top: the newest log made, from the second on

DAMAGED = "Saved game damaged; set aside."
FOREIGN = "Saved game not recognised; set aside."
OTHER_VERSION = "Saved game from another version; set aside."
WRONG_PLACE = "Saved game in the wrong place; set aside."

ERASED = b"\xff" * 64
STEP_BYTES = const(1024)  # a log being made pauses each time this many more are written

# How a log's records end (read_log).
LOG_CLEAN = const(0)
LOG_TORN = const(1)
LOG_BROKEN = const(2)
LOG_STRAY = const(3)
LOG_UNFLAGGED = const(4)


def action_record(action):
    payload = action.encode()
    if len(payload) > ACTION_BYTES:
        raise ValueError("action too long for the journal")
    return records.encode(KIND_ACTION, payload)


def status_record(status, after_cut=False):
    """status = (over, summary); the summary is cut to fit STATUS_BYTES (whole characters).
    ``after_cut``: the log this status opens follows one that a power cut tore."""
    over, summary = status
    text = summary.encode()
    while len(text) > STATUS_BYTES - 1:
        summary = summary[: len(summary) - 1]
        text = summary.encode()
    flags = (OVER if over else 0) | (AFTER_CUT if after_cut else 0)
    return records.encode(KIND_STATUS, bytes((flags,)) + text)


def parse_status(payload):
    if not payload:
        return None
    try:
        return (payload[0] & OVER) != 0, bytes(payload[1:]).decode()
    except ValueError:
        return None


UNDO_RECORD = records.encode(KIND_UNDO, b"")
NEXT_RECORD = records.encode(KIND_NEXT, b"")


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


def _first_unerased(view):
    """The index of the first byte in view that is not 0xFF (there is one)."""
    index = 0
    while view[index] == 0xFF:
        index += 1
    return index


ONE_BIT_CLEARED = bytes((0x7F, 0xBF, 0xDF, 0xEF, 0xF7, 0xFB, 0xFD, 0xFE))


def _record_after(buf, view, stop, fill):
    """Whether a good record starts anywhere in view[1:stop]: what a cut append never
    leaves after its first bad byte (it programs its bytes in order, or all of them
    half-way), and damage in the middle of a log does."""
    for pos in range(1, stop):
        if records.record_end(buf, view, pos, fill, ACTION_BYTES) >= 0:
            return True
    return False


def read_log(f, number, visit, buf, after_cut=False):
    """Hand the records of log ``number`` (open as ``f``) to visit(kind, payload) in order,
    reading WINDOW bytes at a time into ``buf`` (a bytearray of WINDOW bytes).

    With ``after_cut`` (the log before it was torn) the first record must be a status
    flagged AFTER_CUT: if it is not, no record is handed out and ``how`` is
    LOG_UNFLAGGED (the torn end was damage, not a cut).

    Returns (end, how, last_kind): ``end`` is the offset after the last good
    record (``last_kind`` is its kind, None if there is none), and
    ``how`` says what the bytes from there on are: LOG_CLEAN, erased (the next
    record may go there); LOG_TORN, what a cut append leaves (bytes that are not
    records, at most MAX_APPEND of them and no good record among them, then
    erased bytes; the log takes no more records); LOG_STRAY, erased bytes but
    for one bit (a flipped bit, not a record: nothing is lost, but the log takes
    no more records); LOG_BROKEN, anything else
    (damage: the records after ``end`` are not to be trusted, nor any later
    log). Returns None for a file shorter than a log holding only (part of) its
    header and erased bytes: cut while it was made. A file that is not a log of
    this version raises SaveDamaged."""
    view = memoryview(buf)
    fill = _fill(f, view, 0)
    if fill >= 4 and bytes(buf[:4]) != LOG_MAGIC:
        raise SaveDamaged(FOREIGN)
    if fill >= 5 and buf[4] != LOG_VERSION:
        raise SaveDamaged(OTHER_VERSION)
    if fill >= 7 and buf[5] | buf[6] << 8 != number:
        raise SaveDamaged(DAMAGED)
    base = 0  # the offset in the file of buf[0]
    pos = min(HEADER_BYTES, fill)
    kind = None
    while True:
        if pos > SHIFT_AT:
            buf[: fill - pos] = view[pos:fill]
            base += pos
            fill = _fill(f, view, fill - pos)
            pos = 0
        end = records.record_end(buf, view, pos, fill, ACTION_BYTES)
        if end < 0:
            break
        record_kind = buf[pos + 2]
        payload = bytes(view[pos + records.HEAD_SIZE : end - records.CRC_SIZE])
        if after_cut:
            if record_kind != KIND_STATUS or not payload or not payload[0] & AFTER_CUT:
                return HEADER_BYTES, LOG_UNFLAGGED, None
            after_cut = False
        kind = record_kind
        visit(kind, payload)
        pos = end
    if pos:  # the bytes after the records start the window: a cut append's all fit in it
        buf[: fill - pos] = view[pos:fill]
        base += pos
        fill = _fill(f, view, fill - pos)
    end = base  # after the last good record (or the header)
    first = last = -1  # the offsets of the first and last bytes after them not erased
    lone_bit = False  # first == last, with one bit cleared
    misplaced = False  # a good record after the first bad byte
    while fill:
        index = _last_unerased(view, 0, fill)
        if index >= 0:
            if first < 0:
                start = _first_unerased(view)
                first = base + start
                lone_bit = start == index and view[index] in ONE_BIT_CLEARED
                if base == end and index < MAX_APPEND:
                    misplaced = _record_after(buf, view, index + 1, fill)
            else:
                lone_bit = False
            last = base + index
        base += fill
        fill = _fill(f, view, 0)
    if base > LOG_BYTES:
        raise SaveDamaged(FOREIGN)
    if base < LOG_BYTES:  # short: cut while it was made, or cut off since
        return None if last < 0 and end <= HEADER_BYTES else (end, LOG_BROKEN, kind)
    if last < 0:
        return end, LOG_CLEAN, kind
    if lone_bit:
        return end, LOG_STRAY, kind
    if last < end + MAX_APPEND and not misplaced:
        return end, LOG_TORN, kind
    return end, LOG_BROKEN, kind


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


class Untrusted(Exception):
    """Raised by a replay's apply for an action it refuses: the trusted records end
    before it (``Journal.replay``)."""


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
        self.after_cut = False  # the log that takes the next records follows a torn one
        self.broken = False  # the last replay's trusted records ended before the logs did

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

    def first_log_problem(self):
        """The sentence for a first log that is there but is no log of this version (the
        replay would set the save aside for it), else None: read before a resume leaves
        the match in progress."""
        try:
            f = self.files.open(self._log_name(0), "rb")
        except OSError:
            return None
        try:
            start = f.read(5)
        finally:
            f.close()
        if len(start) >= 4 and start[:4] != LOG_MAGIC:
            return FOREIGN
        if len(start) == 5 and start[4] != LOG_VERSION:
            return OTHER_VERSION
        return None

    def _scan_log(self, index, visit, buf, gen=None, after_cut=False):
        """read_log of log ``index`` (this generation's, or ``gen``'s); None also when it
        is not there."""
        try:
            f = self.files.open(self._log_name(index, gen), "rb")
        except OSError:
            return None
        try:
            return read_log(f, index, visit, buf, after_cut)
        finally:
            f.close()

    def _log_numbers(self):
        """The numbers of this generation's logs on flash, in order: 0 to the newest
        log, when the ``top`` note names one that is there (and the log after it,
        if a cut came before the note), else from a listing of the folder."""
        top = self._noted_top()
        if top is not None and self.files.exists(self._log_name(top)):
            while self.files.exists(self._log_name(top + 1)):
                top += 1
            return list(range(top + 1))
        prefix = "%d.l" % self.gen
        numbers = []
        for name in self._listdir():
            number = name[len(prefix) :]
            if name.startswith(prefix) and number.isdigit():
                numbers.append(int(number))
        numbers.sort()
        return numbers

    def _noted_top(self):
        """The log number the ``top`` note holds, or None (no note, or not a number)."""
        try:
            f = self.files.open(self._name(TOP), "rb")
        except OSError:
            return None
        try:
            text = f.read(8)
        finally:
            f.close()
        try:
            number = int(text.decode())
        except ValueError:  # UnicodeError too
            return None
        return number if number > 0 else None

    def _note_top(self, index, gen):
        """Note log ``index`` of generation ``gen`` as the newest made. Only a shortcut:
        a note the flash refuses leaves the older one, which the reader goes past."""
        try:
            f = self.files.open(self._name(TOP, gen), "wb")
            try:
                f.write(str(index).encode())
            finally:
                f.close()
        except OSError:
            pass

    def peek_status(self):
        """The last status written, (over, summary) or None, from the last log alone (or a
        version-2 save's tails): what the main menu's Resume row shows
        (pawtrack.save_peek, loaded by the menu only)."""
        from pawtrack import save_peek

        return save_peek.last_status(self)

    def _each_record(self, visit, first=0):
        """Feed the match's trusted records (a version-2 save's first, then the logs; from
        log ``first`` on if it is not 0) to visit(kind, payload), and note where the next
        record goes.

        The trusted records end early (``broken`` set True) where the logs show
        damage rather than what a power cut leaves: a bad record with a good one
        or more than one append's bytes after it (LOG_BROKEN), a first log that
        is missing, short or a folder (the head is written only once it is
        whole), a next log missing or short where the full one before says it
        was whole (KIND_NEXT), a log that is not one, or a log following a torn
        one whose first record is not a status saying so (LOG_UNFLAGGED: the
        torn bytes were a damaged last record of a full log, not a cut)."""
        self.broken = False
        if not first:
            self._old_records(visit)
        buf = bytearray(WINDOW)
        index = first
        before = last = None  # (number, end, takes no more records, with records) of the
        # last whole log and of the one before it
        after_cut = False  # the log being read follows a torn one
        next_whole = False  # the log before it ended with a next record
        while True:
            try:
                found = self._scan_log(index, visit, buf, after_cut=after_cut)
            except SaveDamaged:
                if index == 0:
                    raise  # not a log of this version at all: the save goes aside
                found = (HEADER_BYTES, LOG_BROKEN, None)
            if found is None:
                name = self._log_name(index)
                if next_whole or self.files.is_dir(name) or (index == 0 and not self._old_save()):
                    self.broken = True
                break
            end, how, last_kind = found
            if how == LOG_UNFLAGGED:
                self.broken = True
                break
            had_records = last_kind is not None
            next_whole = last_kind == KIND_NEXT
            before, last = last, (index, end, how != LOG_CLEAN or next_whole, had_records)
            if how == LOG_BROKEN:
                self.broken = True
                break
            after_cut = how == LOG_TORN or (after_cut and not had_records)
            index += 1
        self.after_cut = after_cut
        self.spare_ready = False
        if last is None or last[2]:  # no log yet, or the last one was cut: the next
            self.log = first if last is None else last[0] + 1
            self.log_end = HEADER_BYTES
            self.log_ready = False
        elif not last[3] and before is not None and not before[2] and before[3]:
            # the last log is a blank one made ahead: the records go on in the one
            # before it until it is full (which then says so, NEXT_RECORD)
            self.log, self.log_end = before[0], before[1]
            self.log_ready = self.spare_ready = True
        else:
            self.log, self.log_end = last[0], last[1]
            self.log_ready = True

    def _old_save(self):
        """Whether a save of the journal's version 2 is here (its match began in them)."""
        return self.files.exists(self._name("b")) or self.files.exists(self._name("t0"))

    def _old_records(self, visit, tails_only=False):
        """A version-2 save's records, if this is one (pawtrack.journal_v2: loaded only then)."""
        if self._old_save():
            from pawtrack import journal_v2

            journal_v2.read_records(self, visit, tails_only)

    def replay(self, apply, drop_last=False, progress=None, limit=None):
        """Hand every live action to apply(action), in order; returns the last live action.

        With ``drop_last`` the last live action is not applied (an undo being
        prepared). ``progress(done, total)`` is called every few dozen actions
        of a long replay (the device feeds its watchdog and draws a bar).
        ``apply`` may raise Untrusted: the trusted records end before that
        action's. After the replay, ``broken`` says whether the trusted records
        ended before those on flash did (then ``moves`` counts the live actions
        applied, and ``salvage`` must run before anything is appended); ``limit``
        reads only that many records (``salvage``'s copy). Raises
        SaveDamaged for a file that is not a log of this version; whatever else
        ``apply`` raises goes through.
        """
        live = Liveness()
        statuses = [None]
        trusted = [0, None]  # records seen, and where the trusted ones end (None: at the end)

        def mark(kind, payload):
            if trusted[1] is not None:
                return
            if trusted[0] == limit:
                trusted[1] = limit
                return
            if kind == KIND_ACTION:
                live.add()
            elif kind == KIND_UNDO:
                if not live.drop():
                    trusted[1] = trusted[0]  # an undo of nothing: damage
                    return
            elif kind == KIND_STATUS:
                statuses[0] = parse_status(payload) or statuses[0]
            elif kind != KIND_NEXT and kind != KIND_CHECKPOINT:
                trusted[1] = trusted[0]  # an unknown kind
                return
            trusted[0] += 1

        self._each_record(mark)
        total = live.count - (1 if drop_last and live.count else 0)
        stop = [trusted[0]]  # the records to read: an untrusted action ends them earlier
        counter = [0, 0, None, 0]  # action records seen, live ones applied, the last one,
        untrusted = [False]  # records seen; whether an action ended the trusted ones

        def play(kind, payload):
            index = counter[3]
            counter[3] += 1
            if index >= stop[0] or kind != KIND_ACTION:
                return
            action_index = counter[0]
            counter[0] += 1
            if not live.is_live(action_index):
                return
            try:
                action = payload.decode()
            except ValueError:
                action = None
            if counter[1] >= total:
                counter[2] = action  # the one an undo drops
                return
            try:
                if action is None:
                    raise Untrusted()
                apply(action)
            except Untrusted:
                stop[0] = index  # nothing from this record on is used
                untrusted[0] = True
                return
            counter[2] = action
            counter[1] += 1
            if progress is not None and counter[1] % PROGRESS_EVERY == 0:
                progress(counter[1], total)

        self._each_record(play)
        self.broken = self.broken or trusted[1] is not None or untrusted[0]
        self.trusted_records = stop[0]
        self.moves = counter[1] if untrusted[0] else live.count
        if self.broken:
            if drop_last:  # damage met in the middle of a match: not for an undo to hide
                raise SaveDamaged(DAMAGED)
            self.status = None  # the last status read may be past the trusted records
        else:
            self.status = statuses[0]
            self._find_log()
        return counter[2]

    def salvage(self, status, progress=None):
        """After a replay whose trusted records ended early (``broken``): the live actions
        among them are copied into a new generation's logs, then the head is replaced
        by one naming it (a power cut in the middle leaves the damaged save, which the
        next resume salvages again). The match goes on in the copy; the damaged
        generation's files go at the next tidy. OSError if the flash refuses.
        (pawtrack.salvage: loaded only for a damaged save.)"""
        from pawtrack import salvage

        salvage.copy_trusted(self, status, progress)

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
        for _ in self.preparing_start():
            pass

    def preparing_start(self):
        """``prepare_start`` in steps, a generator: it pauses after each piece of flash
        work (a folder, a quarter of the log), so the app can read a press between two
        pieces (App.when_still). Nothing else of this journal changes meanwhile."""
        make_folders(self.files, self.folder)
        yield
        gen, ready = self._next_gen()
        if not ready:
            yield
            yield from self._writing_log(0, gen)

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
        return found is not None and found[:2] == (HEADER_BYTES, LOG_CLEAN)

    def _make_log(self, index):
        """Write log ``index`` of this generation whole: its header, then erased bytes."""
        for _ in self._writing_log(index, self.gen):
            pass

    def _writing_log(self, index, gen):
        """Write log ``index`` of generation ``gen`` (a generator, pausing every
        STEP_BYTES): the file stays open between pieces and is whole only once closed."""
        # Imported here, not with the module: the journal is first imported deep in a press
        # (the main menu's first look at the saves), where one more nested import overran
        # the one-file firmware's C stack ("maximum recursion depth exceeded").
        from pawtrack.ticks import ticks_us

        mixed = (ticks_us() ^ ((self.seed or 0) * 2654435761)) & 0xFFFFFFFF
        nonce = mixed.to_bytes(4, "little") + bytes(((gen or 0) & 0xFF,))
        name = self._log_name(index, gen)
        f = self.files.open(name, "wb")
        try:  # in small pieces: a fragmented heap may have no 4 KiB block free
            f.write(log_header(index, nonce))
            written = HEADER_BYTES
            while written < LOG_BYTES:
                piece = min(LOG_BYTES - written, len(ERASED))
                f.write(ERASED if piece == len(ERASED) else ERASED[:piece])
                written += piece
                if written // STEP_BYTES != (written - piece) // STEP_BYTES:
                    yield
            f.flush()
        finally:
            f.close()
        yield
        if index:
            self._note_top(index, gen)
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
            remove_tree(self.files, self.path(name))  # a folder too, where a log was
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

    def append_checkpoint(self, payloads):
        """Journal the parts of a checkpoint, each with its own append (a power cut
        tears one part at most)."""
        for payload in payloads:
            self._append(records.encode(KIND_CHECKPOINT, payload), None)

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
        if self.log_ready and self.log_end + len(data) + len(NEXT_RECORD) > LOG_BYTES:
            # full (with room kept for the record that says so): the next log
            full, full_end = self.log, self.log_end
            self.log += 1
            self.log_end = HEADER_BYTES
            self.log_ready, self.spare_ready = self.spare_ready, False
            self.after_cut = False
            if not self.log_ready:
                self._make_log(self.log)
                self.log_ready = True
            if full_end + len(NEXT_RECORD) <= LOG_BYTES:  # the next log is whole now: the
                # full one says so, so that the next one is missed if it goes
                self.files.write_at(self._log_name(full), full_end, NEXT_RECORD)
        if not self.log_ready:
            self._make_log(self.log)
            self.log_ready = True
        if self.log_end == HEADER_BYTES:
            # every log opens with the status (saying so if the log before it was torn)
            opening = self.status if self.status is not None else status
            if opening is None and self.after_cut:
                opening = (False, "")
            if opening is not None:
                data = status_record(opening, self.after_cut) + data
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
