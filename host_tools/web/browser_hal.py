"""The browser's Hal: the firmware's app driven by the web page, on MicroPython (WebAssembly).

This module runs inside the page's interpreter, not on CPython. It builds a
``pawtrack.hal.Hal`` from the simulator's parts (``host_tools.sim.backend``:
the canvas, LED strip, buttons and beeper that record what a device would
receive), so the page shows exactly what the simulator shows, and adds two
parts of its own:

``PageClock``
    time from the browser: the page passes ``performance.now()`` to every
    ``Page.tick``; ``sleep_ms`` (long work inside one pass) moves it on.
``PageButtons``
    the buttons as a device's pins with their edge interrupt: a press that
    begins and ends between two passes (a tap while a slow pass runs, on a
    busy phone) is still seen by the next pass, timed from when it began.
``StoredFiles``
    the firmware's files interface (``pawtrack.memfiles.MemoryFiles``) that
    remembers which names changed, so the page can copy just those into the
    browser's storage after each pass (``Page.changes``) and give them back
    at the next load (``Page.load_files``): the journal, undo, settings and
    the resume of a match survive a closed tab.

The page calls, through the interpreter (host_tools/web/page/page.js):
``Page(json_of_stored_files, counting_seeds)``, then every few milliseconds
``tick(now_ms)``, which runs one pass of the app's loop and returns a JSON
string with what changed (the frame as hex, LED colours, tones, serial lines,
whether files changed); ``button(name, down, now_ms)`` on a press or release;
``feed(text)`` for a line typed on the serial console.
"""

import json

from host_tools.sim.backend import BUTTONS, SIM_BOARD, SimBeeper, SimCanvas, SimLeds
from pawtrack import games
from pawtrack.hal import Hal, urandom_seed
from pawtrack.hal.virtual_clock import VirtualClock
from pawtrack.memfiles import MemoryFiles
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App


class PageClock(VirtualClock):
    """Milliseconds from the browser; never goes back."""

    def set(self, now_ms):
        if now_ms > self.now:
            self.now = now_ms


class PageButtons:
    """Levels for the app's loop, as the rp2 backend's pins give them: True while a
    button is held or if it was pressed since the last ``read``; ``down_at`` the
    press's time on the read after it."""

    def __init__(self, names):
        self.names = tuple(names)
        count = len(self.names)
        self.held = [False] * count
        self.latched = [False] * count
        self.pressed_at = [None] * count
        self.levels = [False] * count
        self.down_at = [None] * count

    def set(self, name, pressed, now_ms=None):
        index = self.names.index(name)
        self.held[index] = pressed
        if pressed:
            self.latched[index] = True
            self.pressed_at[index] = None if now_ms is None else int(now_ms)

    def read(self):
        for index in range(len(self.names)):
            latched = self.latched[index]
            self.levels[index] = self.held[index] or latched
            self.down_at[index] = self.pressed_at[index] if latched else None
            self.latched[index] = False
        return self.levels


class StoredFiles(MemoryFiles):
    """MemoryFiles that note the names written, renamed, removed or made since last asked."""

    def __init__(self):
        MemoryFiles.__init__(self)
        self.changed = set()

    def open(self, name, mode):
        if "r" not in mode:
            self.changed.add(name)
        return MemoryFiles.open(self, name, mode)

    def rename(self, src, dst):
        MemoryFiles.rename(self, src, dst)
        self.changed.add(src)
        self.changed.add(dst)

    def remove(self, name):
        MemoryFiles.remove(self, name)
        self.changed.add(name)

    def mkdir(self, name):
        MemoryFiles.mkdir(self, name)
        self.changed.add(name)

    def rmdir(self, name):
        MemoryFiles.rmdir(self, name)
        self.changed.add(name)

    def write_at(self, name, offset, data):
        MemoryFiles.write_at(self, name, offset, data)
        self.changed.add(name)

    def load(self, stored):
        """Files from the browser's storage: {"files": {name: hex}, "folders": [names]}.

        Hex, not base64: MicroPython's WebAssembly build has bytes.hex and bytes.fromhex
        built in, but its binascii is written in Python (base64 of a 20 KiB journal: 5 s)."""
        for name in stored.get("folders", ()):
            self.folders.add(name)
        for name, text in stored.get("files", {}).items():
            self.files[name] = bytearray(bytes.fromhex(text))

    def take_changes(self):
        """What changed since the last call: {"files": {name: hex or None}, "folders": [...]}."""
        files = {}
        for name in self.changed:
            if name in self.files:
                files[name] = bytes(self.files[name]).hex()
            elif name not in self.folders:
                files[name] = None
        self.changed = set()
        return {"files": files, "folders": sorted(self.folders)}


class Page:
    """The firmware's app, its protocol and what the page needs to draw after each pass."""

    def __init__(self, stored_json="{}", counting_seeds=False):
        self.files = StoredFiles()
        self.files.load(json.loads(stored_json))
        self.clock = PageClock()
        self.serial_out = []
        seeds = [0]

        def next_seed():
            # Counting seeds (a test's choice) give the simulator's games, so the same
            # presses draw the same pictures; a person gets a fresh match each time.
            if not counting_seeds:
                return urandom_seed()
            seeds[0] += 1
            return seeds[0]

        self.hal = Hal(
            display=SimCanvas(128, SIM_BOARD.get("oled_height", 64)),
            leds=SimLeds(SIM_BOARD["led_count"]),
            buttons=PageButtons(BUTTONS),
            clock=self.clock,
            files=self.files,
            board=dict(SIM_BOARD),
            beeper=SimBeeper(),
            new_seed=next_seed,
        )
        self.app = App(self.hal, games.catalog())
        self.protocol = Protocol(self.app, self.serial_out.append, board_name=SIM_BOARD["name"])
        self.shown = -1
        self.led_writes = -1

    def button(self, name, down, now_ms=None):
        self.hal.buttons.set(name, bool(down), now_ms)

    def feed(self, text):
        self.protocol.feed(text.encode())

    def tick(self, now_ms):
        """One pass of the app's loop at the browser's time; JSON of what the page must update."""
        self.clock.set(int(now_ms))
        self.app.step()
        out = {}
        display = self.hal.display
        if display.shown != self.shown:
            self.shown = display.shown
            out["frame"] = display.last_frame.hex()
        leds = self.hal.leds
        if leds.writes != self.led_writes:
            self.led_writes = leds.writes
            out["leds"] = [list(color) for color in leds.colors]
        beeper = self.hal.beeper
        if beeper.tones:
            out["tones"] = beeper.tones[:]
            del beeper.tones[:]
        if self.serial_out:
            out["serial"] = self.serial_out[:]
            del self.serial_out[:]
        if self.files.changed:
            out["files"] = self.files.take_changes()
        out["screen"] = type(self.app.screen).__name__
        return json.dumps(out)
