"""Pull the plug at every flash operation of a long session and check what survives.

The filesystem is the real LittleFS (littlefs-python, the same C library
MicroPython uses) with the geometry MicroPython's rp2 port gives the Pico's
flash: 4096-byte blocks, read size 32, prog size 256 (ports/rp2/modules/_boot.py
formats with progsize=256), cache 4 x 256, lookahead 32, block_cycles 100
(extmod/vfs_lfsx.c), and 352 blocks (1408 KiB, the Pico's default storage).

A scripted session (games of the test-only counting game, one of them long
enough to fill several of the journal's logs: rolls, stops, undos, games played
to the end, new games, settings saves, checkpoints written and logs made ahead
while the screen is still)
is run once on a freshly formatted flash, logging every prog and erase with the
session step that caused it, and the match and settings after every step. The
journal's records are programmed into its logs in place, under LittleFS, by
the device's own code (``pawtrack.inplace``, here over the same simulated
flash): those programs are flash operations like LittleFS's own.

littlefs is deterministic, so the flash as it stands before operation N of
that run is exactly the flash of a run cut at N. The test replays the log on a
second image and, before applying operation N, makes the image a power cut
during N leaves, in two ways: a prefix of the operation's bytes done (none,
part or all), and every bit half-way (NOR programming only clears bits and
erasing only sets them, so a pseudo-random subset of bits has its new value).

Each surviving image must mount; nothing may be set aside as damaged; the
resumed match and settings must be those after the last step that had returned
(the last shown state) or after the step that was running (its write reached
flash), never anything else; and the resumed match must go on journalling.
The power is never cut inside littlefs itself (an exception raised in a
littlefs-python callback is swallowed and the library carries on), which is
why the images are built from the log instead.
"""

import sys
import time

from core.counting_game import ID as COUNTING
from core.counting_game import CountingGame
from littlefs import LittleFS, LittleFSError, UserContext

from pawtrack.files import safe_read, safe_write
from pawtrack.inplace import InPlaceWriter
from pawtrack.journal import Journal
from pawtrack.match import Match
from pawtrack.memfiles import MemoryFiles
from pawtrack.rng import Rng

GEOMETRY = {
    "block_size": 4096,
    "block_count": 352,
    "read_size": 32,
    "prog_size": 256,
    "cache_size": 1024,
    "lookahead_size": 32,
    "block_cycles": 100,
}
MIN_CUT_POINTS = 1000
MIN_ACTIONS = 700
SETTINGS = "settings.bin"


FOLDER = "saves/" + COUNTING


def find_rules(game_id):
    return CountingGame if game_id == COUNTING else None


def new_match(options, seed, journal):
    return Match.new(COUNTING, CountingGame, options, seed, journal)


class Flash(UserContext):
    """A NOR flash image that logs every prog and erase with the session step doing it."""

    def __init__(self, image):
        self.buffer = image
        self.in_size = len(image)
        self.step = None
        self.log = []  # (step, offset, bytes written) per operation, in order

    def read(self, cfg, block, off, size):
        start = block * cfg.block_size + off
        return bytes(self.buffer[start : start + size])

    def prog(self, cfg, block, off, data):
        self.program(block * cfg.block_size + off, bytes(data))
        return 0

    def erase(self, cfg, block):
        self._do(block * cfg.block_size, b"\xff" * cfg.block_size)
        return 0

    def sync(self, cfg):
        return 0

    def program(self, start, data):
        """NOR programming only clears bits: the bytes become old AND new."""
        old = self.buffer[start : start + len(data)]
        self._do(start, bytes(a & b for a, b in zip(old, data)))

    def _do(self, start, new_bytes):
        self.log.append((self.step, start, new_bytes))
        self.buffer[start : start + len(new_bytes)] = new_bytes


class RawFlash:
    """The same flash as MicroPython's block devices show it to Python (``rp2.Flash()``):
    what ``pawtrack.inplace`` programs the journal's logs through on the Pico."""

    def __init__(self, flash):
        self.flash = flash

    def readblocks(self, block, buf, offset=0):
        start = block * GEOMETRY["block_size"] + offset
        buf[:] = self.flash.buffer[start : start + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        self.flash.program(block * GEOMETRY["block_size"] + offset, bytes(buf))


class LfsFiles:
    """The pawtrack files interface over a littlefs-python filesystem, with the device's
    in-place writes of the journal's logs straight to the flash under it."""

    def __init__(self, fs, flash):
        self.fs = fs
        block_count = GEOMETRY["block_count"]
        self.inplace = InPlaceWriter(self, RawFlash(flash), GEOMETRY["block_size"], block_count)

    def open(self, name, mode):
        if "r" not in mode:
            self.inplace.forget(name)
        if "a" in mode and not self.exists(name):
            self._call(self.fs.open, name, "wb").close()  # littlefs-python's "a" does not create
        return self._call(self.fs.open, name, mode)

    def write_at(self, name, offset, data):
        if not self.inplace.write(name, offset, data):
            raise OSError(22, "not a one-block file on this flash: " + name)

    def rename(self, src, dst):
        self.inplace.forget(src)
        self.inplace.forget(dst)
        self._call(self.fs.rename, src, dst)

    def remove(self, name):
        self.inplace.forget(name)
        self._call(self.fs.remove, name)

    def exists(self, name):
        try:
            self.fs.stat(name)
        except LittleFSError:
            return False
        return True

    def size(self, name):
        return self._call(self.fs.stat, name).size

    def listdir(self, folder=""):
        return self._call(self.fs.listdir, folder or "/")

    def mkdir(self, name):
        self._call(self.fs.mkdir, name)

    def rmdir(self, name):
        self._call(self.fs.rmdir, name)

    def is_dir(self, name):
        try:
            return self.fs.stat(name).type == 2  # LFS_TYPE_DIR
        except LittleFSError:
            return False

    @staticmethod
    def _call(function, *args):
        try:
            return function(*args)
        except LittleFSError as error:
            raise OSError(error.code, str(error)) from error


def make_script():
    """The session, a list of steps: ("settings", bytes), ("new", options, seed),
    ("act", action), ("undo",) or ("tidy",) (the match's flash work that the app runs
    once the screen is still, Session.tidy: a checkpoint, the next log made, old files
    removed)."""
    chooser = Rng(2024)
    first = {"players": 3, "target": 100}  # a long game: the journal outgrows inline files
    script = [("settings", b'{"bright": 2, "sound": true}'), ("new", first, 1)]
    match = new_match(first, 1, Journal(MemoryFiles(), FOLDER))
    games = 1
    acts = 0
    while acts < MIN_ACTIONS:
        if acts % 45 == 44:
            script.append(("settings", b'{"bright": %d, "sound": false}' % (acts % 5)))
        if match.is_over():
            if games % 2 == 0:  # take back the winning move once in a while
                script.append(("undo",))
                match.undo()
            games += 1
            options = {"players": 2 + games % 2, "target": 20}
            script.append(("new", options, games * 1000 + 7))
            match = new_match(options, games * 1000 + 7, match.journal)
            if match.needs_tidy():
                script.append(("tidy",))
                match.tidy()
        pick = chooser.below(10)
        undos = 2 if pick == 0 else 1 if pick < 3 else 0
        for _ in range(min(undos, match.moves)):
            script.append(("undo",))
            match.undo()
        legal = match.game.legal_actions()
        if games == 1 and chooser.below(40):  # the first game: mostly rolls, so it lasts
            action = legal[0]
        else:
            action = chooser.choice(legal)
        script.append(("act", action))
        match.act(action)
        acts += 1
        if match.needs_tidy():  # what the app does once the screen is still (a checkpoint,
            script.append(("tidy",))  # the next log made)
            match.tidy()
    return script


class Session:
    """Runs the script on a filesystem, noting the match and settings after every step."""

    def __init__(self, files, flash):
        self.files = files
        self.flash = flash
        self.match = None
        self.journal = Journal(files, FOLDER)
        self.settings = None
        self.after = []  # (match snapshot or None, settings bytes or None) per step
        self.switches = 0  # appends that went on in the next log
        self.most_logs = 0
        self.checkpoints = []  # (parts, flash operations) of every checkpoint written
        append = self.journal.append_checkpoint

        def append_checkpoint(payloads):
            first = len(self.flash.log)
            append(payloads)
            self.checkpoints.append((len(payloads), len(self.flash.log) - first))

        self.journal.append_checkpoint = append_checkpoint

    def checkpoint_summary(self):
        """Checks that checkpoints were written, some in several records; a phrase."""
        parts = sum(entry[0] for entry in self.checkpoints)
        operations = sum(entry[1] for entry in self.checkpoints)
        assert self.checkpoints and max(entry[0] for entry in self.checkpoints) > 1
        return "%d checkpoints (%d records, %d flash operations)" % (
            len(self.checkpoints), parts, operations)

    def run(self, script):
        for index, step in enumerate(script):
            self.flash.step = index
            kind = step[0]
            if kind == "settings":
                safe_write(self.files, SETTINGS, step[1])
                self.settings = step[1]
            elif kind == "new":
                self.match = new_match(step[1], step[2], self.journal)
            else:
                before = self.journal.log
                if kind == "act":
                    self.match.act(step[1])
                elif kind == "tidy":
                    self.match.tidy()
                else:
                    self.match.undo()
                self.switches += self.journal.log > before
                self.most_logs = max(self.most_logs, self.journal.log + 1)
            self.after.append((self.match.snapshot() if self.match else None, self.settings))


def filesystem(image):
    flash = Flash(image)
    return flash, LittleFS(flash, mount=False, **GEOMETRY)


def formatted_image():
    image = bytearray(b"\xff" * (GEOMETRY["block_size"] * GEOMETRY["block_count"]))
    filesystem(image)[1].format()
    return image


def record_session(script):
    """Play the whole script on a fresh filesystem: (flash log, state after each step)."""
    flash, fs = filesystem(formatted_image())
    fs.mount()
    session = Session(LfsFiles(fs, flash), flash)
    session.run(script)
    return flash.log, session


def prefix_cut(image, operation, number):
    """The power fails after some of the operation's bytes (none, part or all) are done."""
    _, start, new_bytes = operation
    amount = (number * 2654435761) % (len(new_bytes) + 1)
    cut = bytearray(image)
    cut[start : start + amount] = new_bytes[:amount]
    return cut


def half_set_cut(image, operation, number):
    """The power fails while every bit is half-way: NOR programming only clears bits and
    erasing only sets them, so some bits already have their new value and the others
    still have their old one (which bits is pseudo-random)."""
    _, start, new_bytes = operation
    noise = Rng(number)
    cut = bytearray(image)
    for index, new in enumerate(new_bytes):
        old = cut[start + index]
        mask = noise.below(256)
        # bits in mask took their new value, the others kept the old one
        cut[start + index] = (new & mask) | (old & ~mask & 0xFF)
    return cut


CUTS = (prefix_cut, half_set_cut)


def check_resume(image, running, script, after):
    """Mount a surviving image and resume; returns 0 (last shown state) or 1 (one past)."""
    flash, fs = filesystem(image)
    fs.mount()  # must always mount
    return check_files(LfsFiles(fs, flash), running, after)


def check_files(files, running, after):
    """Resume from a mounted filesystem that survived a cut during step ``running``.

    Nothing may be set aside; the match and settings must be those after the last
    step that had returned, or after the running one; the match must go on
    journalling. Returns 0 (last shown state) or 1 (one past)."""
    shown = after[running - 1] if running > 0 else (None, None)
    match, message = Match.resume(Journal(files, FOLDER), find_rules)
    assert message is None, message
    settings, message = safe_read(files, SETTINGS)
    assert message is None, message
    names = files.listdir() + (files.listdir(FOLDER) if files.is_dir(FOLDER) else [])
    bad = [name for name in names if name.endswith(".bad")]
    assert not bad

    got = (match.snapshot() if match else None, settings)
    assert got in (shown, after[running]), "resumed to %r" % (got[0] and got[0]["recent"][-3:],)

    if match is not None and match.game.legal_actions():  # the flash still takes writes
        match.act(match.game.legal_actions()[0])
        again, message = Match.resume(Journal(files, FOLDER), find_rules)
        assert message is None and again.snapshot() == match.snapshot()
    return 0 if got == shown else 1


def cut_at_every_operation(log, image, cuts, script, check):
    """Replay the write log on ``image``; before applying each operation, cut the power
    during it in every way of ``cuts`` and ``check(cut image, running step)``.

    Returns [resumed to the last shown state, resumed one past]."""
    outcomes = [0, 0]
    for number, operation in enumerate(log, 1):
        running, start, new_bytes = operation
        for cut in cuts:
            try:
                outcome = check(cut(image, operation, number), running)
            except AssertionError as error:
                raise AssertionError(
                    "%s at write %d (%d bytes at 0x%x) during step %d %r: %s"
                    % (cut.__name__, number, len(new_bytes), start, running, script[running], error)
                ) from error
            outcomes[outcome] += 1
        image[start : start + len(new_bytes)] = new_bytes
    return outcomes


def test_power_cut_at_every_flash_operation(capsys):
    started = time.monotonic()
    script = make_script()
    actions = sum(1 for step in script if step[0] in ("act", "undo"))
    assert actions >= MIN_ACTIONS
    log, session = record_session(script)
    after = session.after
    assert session.switches >= 2  # appends went on in a log made ahead
    assert session.most_logs >= 3
    assert len(log) * len(CUTS) >= MIN_CUT_POINTS, "only %d flash operations" % len(log)

    # Replay the log on one image; before applying operation n, cut the power during it.
    outcomes = cut_at_every_operation(
        log,
        formatted_image(),
        CUTS,
        script,
        lambda image, running: check_resume(image, running, script, after),
    )
    # Both outcomes occur: cuts land before and after a step's write is on flash.
    assert outcomes[0] and outcomes[1]

    seconds = time.monotonic() - started
    with capsys.disabled():
        sys.stdout.write(
            "\npower-cut: %d cut points (%d flash operations x %d ways) over %d steps: %d actions"
            " and undos, %s, %d switches to the next log, up to %d logs a match; all resumed to"
            " the last shown state (%d) or one past (%d); %.1f s\n"
            % (
                sum(outcomes),
                len(log),
                len(CUTS),
                len(script),
                actions,
                session.checkpoint_summary(),
                session.switches,
                session.most_logs,
                outcomes[0],
                outcomes[1],
                seconds,
            )
        )
