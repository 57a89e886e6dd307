"""The simulator's HAL backend: a canvas, LEDs, buttons, clock and files on the host.

Each part records what a real device would receive (frames shown, LED colours
written, tones played) so tests can assert on it. The clock is virtual in
headless runs and the tests (``pawtrack.hal.virtual_clock``: time moves only
when the simulator says so, which makes runs repeatable) and real in the
serial mode and the interactive terminal.
"""

import os
import time

from pawtrack.files import OsFiles
from pawtrack.gfx.canvas import Canvas
from pawtrack.hal import Hal
from pawtrack.hal.virtual_clock import VirtualClock

BUTTONS = ("left", "ok", "right", "back")

# The reference build (docs/hardware.md): 12 LEDs, the cat's start, ten hallway
# spaces and the pantry. Used when no board definition is given.
SIM_BOARD = {
    "name": "simulator",
    "led_count": 12,
    "track": tuple(range(12)),
    "status": (),
    "max_brightness": 255,
}


class SimCanvas(Canvas):
    def __init__(self, width=128, height=64):
        Canvas.__init__(self, width, height)
        self.shown = 0
        self.last_frame = bytes(self.buffer)

    def show(self):
        self.shown += 1
        self.last_frame = bytes(self.buffer)


class SimLeds:
    def __init__(self, count):
        self.count = count
        self.colors = [(0, 0, 0)] * count
        self.writes = 0

    def write(self, colors):
        self.colors = list(colors)
        self.writes += 1


class SimButtons:
    def __init__(self, names=BUTTONS):
        self.names = tuple(names)
        self.levels = [False] * len(self.names)
        self.down_at = None  # the simulator's presses are seen when they happen

    def set(self, name, pressed):
        self.levels[self.names.index(name)] = pressed

    def read(self):
        return tuple(self.levels)


class RealClock:
    def __init__(self):
        self.start = time.monotonic()

    def ticks_ms(self):
        return int((time.monotonic() - self.start) * 1000)

    def ticks_diff(self, new, old):
        return new - old

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


class SimBeeper:
    def __init__(self):
        self.tones = []

    def tone(self, frequency, duration_ms):
        self.tones.append((frequency, duration_ms))
        del self.tones[:-50]


def make_hal(state_dir, board=None, clock=None, buttons=BUTTONS):
    """A Hal for the simulator, keeping its flash files in state_dir."""
    board = dict(board or SIM_BOARD)
    os.makedirs(state_dir, exist_ok=True)
    return Hal(
        display=SimCanvas(128, board.get("oled_height", 64)),
        leds=SimLeds(board.get("led_count", 12)),
        buttons=SimButtons(buttons),
        clock=clock or VirtualClock(),
        files=OsFiles(state_dir),
        board=board,
        beeper=SimBeeper(),
    )
