"""Under MicroPython: heap and time of booting the app and pressing through the menus.

Run by `make bench` through `node host_tools/mp_runner.mjs --run`; the runner
drives steps() and prints the live heap peak on stderr. Prints one line per
figure: "name value unit".
"""

import gc
import os
import time

from pawtrack import games
from pawtrack.files import OsFiles
from pawtrack.hal import Hal
from pawtrack.hal.virtual_clock import VirtualClock
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


FOLDER = "/bench-flash"
try:
    os.mkdir(FOLDER)
except OSError:
    pass

BOARD = {"name": "bench", "track": tuple(range(12)), "status": (), "max_brightness": 200}
PRESSES = ("right", "right", "left", "left", "ok", "back", "left", "ok", "right", "back")


def make_app():
    hal = Hal(
        Canvas(), Strip(), Buttons(), VirtualClock(), OsFiles(FOLDER), BOARD, new_seed=lambda: 1
    )
    return App(hal, games.catalog())


def timed_renders(app, count=20):
    start = time.ticks_us()
    for _ in range(count):
        app.render()
    return time.ticks_diff(time.ticks_us(), start) // count


def steps():
    gc.collect()
    before = gc.mem_alloc()
    app = make_app()
    app.render()
    yield
    print("app_boot_heap %d bytes" % (gc.mem_alloc() - before))
    for name in PRESSES:
        app.press(name)
        app.render()
        yield
    print("menu_render_wasm %d us" % timed_renders(app))
