"""Undo and resume time against match length, with and without checkpoints, on
the host. Plays Cat & Mouse matches (as make bench does: random actions, a win
taken back with undo so the match goes on) of 100, 1,000, 5,000 and 10,000
live actions through ``Match`` on a journal in memory, running ``Match.tidy``
after each action as the app does once the screen is still. Then it times a
resume of the saved match and one undo, and prints a table, with the journal's
bytes per action and, for the two together, the actions applied and the logs
opened to be read (which do not depend on the machine). The same rules without
checkpoints (replay from the seed) are timed up to 1,000 actions. Runs on
CPython and on the MicroPython WebAssembly interpreter (the relative figures
are what matter: the device is slower by a roughly constant factor). Each
figure is the quickest of three on fresh copies of the journal::

    .venv/bin/python host_tools/rebuild_timing.py
    node host_tools/mp/runner.mjs --run host_tools/rebuild_timing.py
"""

import sys

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython
    from time import monotonic

    sys.path.insert(0, "firmware")

    def ticks_ms():
        return int(monotonic() * 1000)

    def ticks_diff(end, start):
        return end - start


from pawtrack.files import make_folders  # noqa: E402
from pawtrack.games.chop.rules import Chop  # noqa: E402
from pawtrack.journal import Journal  # noqa: E402
from pawtrack.match import Match  # noqa: E402
from pawtrack.memfiles import MemoryFiles  # noqa: E402
from pawtrack.rng import Rng  # noqa: E402

LENGTHS = (100, 1000, 5000, 10000)
REPLAY_UP_TO = 1000
FOLDER = "saves/chop"


class Counted(Chop):
    """Cat & Mouse, counting the actions applied."""

    applied = [0]

    def apply(self, action):
        Counted.applied[0] += 1
        return Chop.apply(self, action)


class Replayed(Counted):
    """Cat & Mouse as rules without checkpoints are."""

    CHECKPOINT_VERSION = 0


class CountedFiles(MemoryFiles):
    """Files in memory, counting how often a log is opened to be read."""

    def __init__(self):
        MemoryFiles.__init__(self)
        self.log_reads = 0

    def open(self, name, mode="rb"):
        opened = MemoryFiles.open(self, name, mode)  # OSError when it is not there
        if mode == "rb" and ".l" in name:
            self.log_reads += 1
        return opened


def play(rules, length):
    files = MemoryFiles()
    match = Match.new("chop", rules, {"tiles": "digital"}, 1, Journal(files, FOLDER))
    choose = Rng(2)
    while match.moves < length:
        match.act(choose.choice(match.game.legal_actions()))
        if match.is_over():
            match.undo()
        match.tidy()
    return files


def used_bytes(files, rules):
    """The flash the journal's logs took: whole logs before the one in use, and the
    used part of that one."""
    journal = Journal(files, FOLDER)
    Match.resume(journal, lambda game_id: rules)
    return journal.log * 4096 + journal.log_end


def timed(rules, files):
    """The quickest of three (resume, undo after it) on fresh copies of the journal, and
    the actions applied and logs read by both."""
    best = None
    for _ in range(3):
        copy = CountedFiles()
        make_folders(copy, FOLDER)
        for name in files.listdir(FOLDER):
            f = copy.open(FOLDER + "/" + name, "wb")
            f.write(read(files, FOLDER + "/" + name))
            f.close()
        copy.log_reads = 0
        applied = Counted.applied[0]
        start = ticks_ms()
        match, message = Match.resume(Journal(copy, FOLDER), lambda game_id: rules)
        resumed = ticks_diff(ticks_ms(), start)
        if message:
            raise SystemExit(message)
        start = ticks_ms()
        match.undo()
        undone = ticks_diff(ticks_ms(), start)
        if best is None or resumed + undone < best[0] + best[1]:
            best = (resumed, undone, Counted.applied[0] - applied, copy.log_reads)
    return best


def read(files, name):
    f = files.open(name, "rb")
    try:
        return f.read()
    finally:
        f.close()


def steps():
    """One row a step (the MicroPython runner collects garbage between steps)."""
    print("| actions | checkpoints: resume ms | undo ms | applied, logs read | log bytes/action "
          "| from the seed: resume ms | undo ms | applied, logs read | log bytes/action |")
    for length in LENGTHS:
        files = play(Counted, length)
        used = used_bytes(files, Counted) / length
        yield
        resumed, undone, applied, reads = timed(Counted, files)
        row = "| %d | %d | %d | %d, %d | %.1f |" % (length, resumed, undone, applied, reads, used)
        files = None
        yield
        if length <= REPLAY_UP_TO:
            files = play(Replayed, length)
            used = used_bytes(files, Replayed) / length
            yield
            resumed, undone, applied, reads = timed(Replayed, files)
            row += " %d | %d | %d, %d | %.1f |" % (resumed, undone, applied, reads, used)
        else:
            row += " | | | |"
        print(row)
        yield


if sys.implementation.name != "micropython":
    for _ in steps():
        pass
