"""Under MicroPython: the app from power-on, then one press script; heap and time per press.

Run by ``python -m host_tools.bench_press_scripts`` through
``node host_tools/mp_runner.mjs --run host_tools/bench/mp_presses.py PRESS...``
with the presses as arguments (``ok``, ``right``, ``ok:long``). Each press is
one step of ``steps()``, so the runner prints the live heap peak of the whole
game on stderr. Prints "name value unit" lines: the slowest press, the press
that started the match (it imports the game's modules), and the median and
slowest of the presses after it. The WebAssembly interpreter is
not the Pico: its times only say how the work per press compares.
"""

import sys
import time

from pawtrack import games
from pawtrack.buttons import LONG, SHORT
from pawtrack.files import OsFiles
from pawtrack.hal import Hal
from pawtrack.ui.app import App
from pawtrack.ui.canvas import Canvas


class Strip:
    count = 12

    def write(self, colors):
        pass


class Buttons:
    names = ("left", "ok", "right", "back")

    def read(self):
        return (False, False, False, False)


class Clock:
    now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, new, old):
        return new - old

    def sleep_ms(self, ms):
        self.now += ms


FOLDER = "/bench-presses"
BOARD = {"name": "bench", "track": tuple(range(12)), "status": (), "max_brightness": 200}
PRESSES = sys.argv[1:]


def steps():
    import os

    try:
        os.mkdir(FOLDER)
    except OSError:
        pass
    hal = Hal(Canvas(), Strip(), Buttons(), Clock(), OsFiles(FOLDER), BOARD, new_seed=lambda: 1)
    app = App(hal, games.catalog())
    app.render()
    yield
    times = []
    started = None  # the press that started the match (it loads the game's modules)
    for word in PRESSES:
        name, _, kind = word.partition(":")
        start = time.ticks_us()
        app.press(name, LONG if kind == "long" else SHORT)
        hal.clock.now += 200
        app.step()
        times.append(time.ticks_diff(time.ticks_us(), start))
        if started is None and app.session.match is not None:
            started = len(times) - 1
        yield
    slowest = 0
    for index in range(len(times)):
        if times[index] > times[slowest]:
            slowest = index
    match = app.session.match
    print("presses %d" % len(times))
    print("press_max_wasm %d us (press %d, %s)" % (times[slowest], slowest + 1, PRESSES[slowest]))
    if started is not None:
        print("game_start_press_wasm %d us (press %d)" % (times[started], started + 1))
        in_game = sorted(times[started + 1:])
        if in_game:
            print("in_game_press_median_wasm %d us" % in_game[len(in_game) // 2])
            print("in_game_press_max_wasm %d us" % in_game[-1])
    print("game_over %s" % ("yes" if match is not None and match.is_over() else "no"))
    print("screen %s" % type(app.screen).__name__)
