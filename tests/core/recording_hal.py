"""A Hal for core tests on both interpreters: plain objects that record what they get.

No pins, no host libraries: the canvas keeps its frames, the strip its writes,
the buttons are set by the test, time moves only when the test says so, and
the files live in a scratch folder (or in memory when no folder is given).
"""

from pawtrack.files import OsFiles
from pawtrack.gfx.canvas import Canvas
from pawtrack.hal import Hal
from pawtrack.hal.virtual_clock import VirtualClock
from pawtrack.memfiles import MemoryFiles

BOARD = {"name": "test", "track": tuple(range(12)), "status": (), "max_brightness": 200}


class RecordingCanvas(Canvas):
    def __init__(self):
        Canvas.__init__(self, 128, 64)
        self.shown = 0

    def show(self):
        self.shown += 1


class RecordingStrip:
    def __init__(self, count=12):
        self.count = count
        self.writes = []

    def write(self, colors):
        self.writes.append(list(colors))


class SetButtons:
    def __init__(self, names=("left", "ok", "right", "back")):
        self.names = names
        self.levels = [False] * len(names)
        self.down_at = None

    def read(self):
        return tuple(self.levels)


def make_hal(folder=None, buttons=("left", "ok", "right", "back")):
    seeds = [100]

    def next_seed():
        seeds[0] += 1
        return seeds[0]

    return Hal(
        display=RecordingCanvas(),
        leds=RecordingStrip(),
        buttons=SetButtons(buttons),
        clock=VirtualClock(),
        files=OsFiles(folder) if folder is not None else MemoryFiles(),
        board=BOARD,
        new_seed=next_seed,
    )
