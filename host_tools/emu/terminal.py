"""`make emu`: the real firmware on the emulated Pico, drawn in the terminal like `make sim`.

The panel picture (decoded from the I2C bus) and the strip (decoded from the
WS2812 bitstream) are drawn by the simulator's TerminalView, and the keys are
`make sim`'s, read by the same KeyInput (host_tools/sim/terminal.py): a key holds
the button's pin low for 80 ms, Shift+key or Tab then the key for 700 ms (a long
press), a digit N then a key for N seconds. ``BoardKeys`` times each hold on the
board's clock, not the wall clock: the press and its release are scheduled in
emulated time, so a long press stays long while the board runs slower than real
time (drawing, replaying a match), and the next press waits for the simulator's
120 ms gap after the release. The flash persists in
build/emu/flash.bin: at each start the firmware files are replaced by the
current build, exactly as `make flash` would copy them (built on the host with
the same code, which tests/emu/test_make_flash.py checks), and everything else
the board wrote (settings, saved games) is kept. The board's USB serial port
is a pseudo-terminal whose path is shown, for mpremote or host_tools.client.
"""

import os
import select
import sys
import termios
import tty

from host_tools.emu.fs_image import FS_BYTES, FS_OFFSET, build_image, firmware_files, read_files
from host_tools.emu.pico import GAP_MS, EmulatedPico
from host_tools.sim.terminal import KeyInput, TerminalView, split_keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STATE = os.path.join(ROOT, "build", "emu", "flash.bin")


class _Canvas:
    width = 128
    height = 64


class _Hal:
    display = _Canvas()


class PicoView:
    """What TerminalView reads from a simulator, read from the emulated Pico."""

    def __init__(self, pico):
        self.pico = pico
        self.hal = _Hal()

    @property
    def frame(self):
        return self.pico.picture()

    def leds(self):
        return self.pico.led_colors() or [(0, 0, 0)] * self.pico.board["led_count"]


class BoardKeys:
    """The held keys of KeyInput played on the board, one at a time, on the board's clock."""

    def __init__(self, pico, keys):
        self.pico = pico
        self.keys = keys
        self.free_at_ms = None  # the board time the last press's gap ends (None: nothing held)

    def busy(self):
        """Whether a press is held or in its gap, on the board's clock as last reported."""
        return self.free_at_ms is not None and self.pico.emulated_ms() < self.free_at_ms

    def step(self):
        """Start the next queued press if the last one is over; returns True if it did."""
        if self.busy() or not self.keys.queue:
            return False
        name, ms = self.keys.queue.pop(0)
        down_ms = self.pico.set_button(name, True)
        self.pico.set_button(name, False, at_ms=down_ms + ms)
        self.free_at_ms = down_ms + ms + GAP_MS
        self.keys.status = KeyInput.describe(name, ms)
        return True

    def done(self):
        return not self.keys.queue and not self.busy()


def starting_image(board):
    """The filesystem to start from: the saved one with today's firmware files, or new."""
    files = dict(firmware_files(board))
    if os.path.exists(STATE):
        with open(STATE, "rb") as f:
            saved = read_files(f.read()[FS_OFFSET : FS_OFFSET + FS_BYTES])
        # firmware files of earlier layouts (before the bundle) are not carried over
        ours = {path for path in saved if path.startswith("/lib/pawtrack/") or path == "/board.py"}
        for path, data in saved.items():
            if path not in files and path not in ours:
                files[path] = data  # the board's own files: settings, saved games, layouts
    return build_image(sorted(files.items()))


def run(board="pico"):
    if not sys.stdin.isatty():
        print("emu: needs a terminal", file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(STATE), exist_ok=True)
    pico = EmulatedPico(board=board, fs_image=starting_image(board), serial_port=True)
    pico.start()
    view = TerminalView(PicoView(pico))
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    keys = KeyInput()
    presser = BoardKeys(pico, keys)
    try:
        pico.free_run(realtime=True)
        tty.setraw(fd)
        sys.stdout.write("\x1b[?1049h\x1b[?25l")
        keys.status = "emulated Pico"
        while True:
            ready, _, _ = select.select([fd], [], [], 0.03)
            if ready:
                data = os.read(fd, 64).decode(errors="replace")
                if not data:
                    return 0  # the terminal went away
                for key in split_keys(data):
                    if not keys.key(key):
                        return 0
            presser.step()
            view.status = "%s    serial port %s" % (keys.status, pico.port)
            view.draw()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\x1b[?1049l")
        sys.stdout.flush()
        pico.pause()
        pico.save_flash(STATE)
        stats = pico.stats()
        pico.close()
        print(
            "emu: %.1f s of the board's time; flash kept in %s"
            % (stats["t_ns"] / 1e9, os.path.relpath(STATE, ROOT))
        )
