"""What the CircuitPython tests share: a virtual clock, a device, a finger on the buttons.

Imported inside the tests (after conftest put the stand-ins and the Adafruit
libraries on the path). ``make_device`` builds
``pawtrack.hal.circuitpython.device.Device`` on a freshly reset stand-in board;
``Driver`` boots the real code.py and presses buttons with the simulator's
timing (5 ms loop passes, 80 ms short and 700 ms long holds, 120 ms gaps),
recording after each press what went over I2C and down the LED data line.
"""

import importlib.util
import os
import sys

import keypad
import standin_hardware as hw
import usb_cdc

from host_tools.sim.simulator import GAP_MS, LONG_HOLD_MS, SHORT_HOLD_MS, STEP_MS
from pawtrack.boarddef import core_board
from pawtrack.hal.circuitpython.device import Device
from pawtrack.hal.launcher import Launcher

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE_PY = os.path.join(ROOT, "firmware", "circuitpython", "code.py")
SEED = 12345


class VirtualClock:
    """The core's clock on a counter; supervisor.ticks_ms() follows it."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, new, old):
        return new - old

    def sleep_ms(self, ms):
        self.now += ms
        hw.state.ticks = self.now


def fresh_board(oled=True, readonly=False):
    hw.reset()
    if not oled:
        hw.state.i2c_devices.clear()
    hw.state.readonly = readonly


def make_device(board, folder, oled=True, readonly=False, port=True):
    """(device, clock, data port) on a freshly reset stand-in board."""
    fresh_board(oled, readonly)
    clock = VirtualClock()
    serial = usb_cdc.Serial() if port else None
    device = Device(board, clock=clock, files_root=str(folder), serial_port=serial)
    return device, clock, serial


def colors_of(pixel_bytes):
    """[(r, g, b)] from the GRB bytes a WS2812 strip receives."""
    return [
        (pixel_bytes[i + 1], pixel_bytes[i], pixel_bytes[i + 2])
        for i in range(0, len(pixel_bytes), 3)
    ]


def load_code_py(folder, board):
    """code.py as CircuitPython runs it, with the board file beside it as pawtrack_board.py."""
    with open(os.path.join(folder, "pawtrack_board.py"), "w") as f:
        f.write("BOARD = " + repr(board) + "\n")
    sys.path.insert(0, str(folder))
    sys.modules.pop("pawtrack_board", None)
    try:
        spec = importlib.util.spec_from_file_location("circuitpython_code", CODE_PY)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module


def watch_shows(canvas, log):
    """A list that gets len(log) after each canvas.show() or show_area(): where each panel
    update ends."""
    ends = []
    show = canvas.show
    show_area = canvas.show_area

    def show_and_note():
        show()
        ends.append(len(log))

    def show_area_and_note(x, y, w, h):
        show_area(x, y, w, h)
        ends.append(len(log))

    canvas.show = show_and_note
    canvas.show_area = show_area_and_note
    return ends


def bytes_per_update(log, first, ends):
    """The I2C payload bytes of each panel update in log[first:], in order."""
    sizes = []
    start = first
    for end in ends:
        if end > start:
            sizes.append(sum(len(message) for _, message in log[start:end]))
            start = end
    return sizes


class Driver:
    """The real code.py on the stand-in board, pressed like the simulator presses."""

    def __init__(self, board, folder, oled=True):
        fresh_board(oled)
        self.clock = VirtualClock()
        self.port = usb_cdc.Serial()
        code = load_code_py(folder, board)
        self.device, self.app = code.start(
            board, clock=self.clock, files_root=str(folder), serial_port=self.port
        )
        self.device.hal.new_seed = lambda: SEED
        # A switch between boots in one process, as on the host: a stand-in board cannot
        # reload code.py (supervisor.reload); the real firmware does in tests/cp_emu.
        self.device.hal.launcher = Launcher(self.device.hal.files)
        self.logged = 0
        self.core_board = core_board(board)
        self.shown_at = watch_shows(self.device.oled, hw.state.i2c_log)

    def advance(self, ms):
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.sleep_ms(STEP_MS)
            self.app.step()
            self.device.loop()

    def press(self, name, long=False):
        pin = self.core_board["circuitpython_pins"][self.core_board["buttons"][name]]
        keypad.press(pin, True)
        self.advance(LONG_HOLD_MS if long else SHORT_HOLD_MS)
        keypad.press(pin, False)
        self.advance(GAP_MS)

    def record(self, word):
        writes = hw.state.i2c_log[self.logged :]
        updates = bytes_per_update(hw.state.i2c_log, self.logged, self.shown_at)
        self.logged = len(hw.state.i2c_log)
        pixels = hw.state.pixel_writes
        return {
            "press": word,
            "i2c": writes,
            "updates": updates,
            "frame": bytes(self.device.oled.buffer),
            "leds": colors_of(pixels[-1][1]) if pixels else None,
            "screen": type(self.app.screen).__name__,
            "problems": list(self.device.hal.problems),
        }

    def run(self, presses):
        records = [self.record("")]
        for word in presses.split():
            name, _, kind = word.partition(":")
            self.press(name, kind == "long")
            records.append(self.record(word))
        return records
