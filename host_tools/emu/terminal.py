"""`make emu`: the real firmware on the emulated Pico, drawn in the terminal like `make sim`.

The panel picture (decoded from the I2C bus) and the strip (decoded from the
WS2812 bitstream) are drawn by the simulator's TerminalView, with the same keys
(host_tools/sim/terminal.py); a key holds the button's pin low for 80 ms (700 ms
for a long press) of the board's time. The flash persists in
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
import time
import tty

from host_tools.emu.fs_image import FS_BYTES, FS_OFFSET, build_image, firmware_files, read_files
from host_tools.emu.pico import LONG_HOLD_MS, SHORT_HOLD_MS, EmulatedPico
from host_tools.sim.terminal import KEYS, TerminalView, split_keys

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
    queue = []
    held = None
    release_at = 0.0
    long_next = False
    try:
        pico.free_run(realtime=True)
        tty.setraw(fd)
        sys.stdout.write("\x1b[?1049h\x1b[?25l")
        view.status = "emulated Pico; serial port " + pico.port
        while True:
            ready, _, _ = select.select([fd], [], [], 0.03)
            if ready:
                for key in split_keys(os.read(fd, 64).decode(errors="replace")):
                    if key in ("q", "Q", "\x03"):
                        return 0
                    if key == "\t":
                        long_next = True
                    elif key in KEYS:
                        name, long = KEYS[key]
                        queue.append((name, long or long_next))
                        long_next = False
            now = time.monotonic()
            if held is None and queue:
                held, long = queue.pop(0)
                pico.set_button(held, True)
                release_at = now + (LONG_HOLD_MS if long else SHORT_HOLD_MS) / 1000
                view.status = ("LONG press: " if long else "press: ") + held
            elif held is not None and now >= release_at:
                pico.set_button(held, False)
                held = None
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
