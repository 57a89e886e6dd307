"""The interactive simulator: the OLED, the LED strip and the keys in a terminal.

The OLED is drawn at its true 128x64 resolution: with half blocks (one
character per pixel column, two pixel rows per line) when the terminal has at
least 130 columns and 42 lines, otherwise with braille (2x4 pixels per
character, 64 columns by 16 lines), which fits an 80x24 terminal. The LEDs are
coloured cells under it. A smaller window shows only "make the window at
least 80x24" until it is made bigger.

Keys: arrows or a/d = left/right, Enter or s = ok, Backspace or f = back.
A long press is the same key with Shift (A S D F, Shift+arrows) or Tab before
the key; a digit 1-9 before a key holds it that many seconds and 200 ms more
(2 then s: OK held long enough to leave the button test, on the device too).
Terminals report no key releases, so a key is a press of 80 ms, a long press
one of 700 ms, both fed through the device's real debouncing. q quits.

It needs a terminal on both sides: with its input or output piped (``make
sim | tee log``) it says so in one line and exits; --headless and --serial
are the modes for scripts.
"""

import os
import select
import sys
import termios
import tty

from host_tools.sim import render
from host_tools.sim.backend import RealClock
from host_tools.sim.press_words import HOLD_MARGIN_MS
from host_tools.sim.simulator import LONG_HOLD_MS, SHORT_HOLD_MS, Simulator

MIN_COLUMNS = 80
MIN_ROWS = 24
# One line that fits an 80-column terminal.
NEEDS_A_TERMINAL = "sim: needs a terminal, not a pipe; for scripts use --headless or --serial"

KEYS = {
    "a": ("left", False),
    "s": ("ok", False),
    "d": ("right", False),
    "f": ("back", False),
    "A": ("left", True),
    "S": ("ok", True),
    "D": ("right", True),
    "F": ("back", True),
    "\r": ("ok", False),
    "\n": ("ok", False),
    "\x7f": ("back", False),
    "\x08": ("back", False),
    "\x1b[D": ("left", False),
    "\x1b[C": ("right", False),
    "\x1b[A": ("left", False),
    "\x1b[B": ("right", False),
    "\x1b[1;2D": ("left", True),
    "\x1b[1;2C": ("right", True),
    "\x1b[1;2A": ("left", True),
    "\x1b[1;2B": ("right", True),
}

HELP = (
    "a/\u2190 left  s/Enter ok  d/\u2192 right  f/Bksp back    q quit",
    "long press: Shift+key (A S D F) or Tab, key   hold N s: digit N, key",
)


def split_keys(data):
    """Split raw terminal input into key strings (escape sequences kept whole)."""
    keys = []
    i = 0
    while i < len(data):
        if data[i] == "\x1b" and i + 1 < len(data) and data[i + 1] == "[":
            j = i + 2
            while j < len(data) and not data[j].isalpha() and data[j] != "~":
                j += 1
            keys.append(data[i : j + 1])
            i = j + 1
        else:
            keys.append(data[i])
            i += 1
    return keys


def too_small(columns, rows):
    return columns < MIN_COLUMNS or rows < MIN_ROWS


class KeyInput:
    """Keys in, button holds out: a queue of (button, milliseconds) and a status line."""

    def __init__(self):
        self.queue = []
        self.next_ms = None  # a Tab or a digit changes how long the next key holds
        self.status = ""

    def key(self, key):
        """Take one key; returns False for the quit keys."""
        if key in ("q", "Q", "\x03"):
            return False
        if key == "\t":
            self.next_ms = LONG_HOLD_MS
            self.status = "next press is LONG"
        elif len(key) == 1 and "1" <= key <= "9":
            self.next_ms = int(key) * 1000 + HOLD_MARGIN_MS
            self.status = "next press: hold %s s" % key
        elif key in KEYS:
            name, long = KEYS[key]
            ms = self.next_ms or (LONG_HOLD_MS if long else SHORT_HOLD_MS)
            self.queue.append((name, ms))
            self.next_ms = None
        return True

    @staticmethod
    def describe(name, ms):
        if ms == SHORT_HOLD_MS:
            return "press: " + name
        if ms == LONG_HOLD_MS:
            return "LONG press: " + name
        return "hold %d s: %s" % ((ms - HOLD_MARGIN_MS) // 1000, name)


class TerminalView:
    def __init__(self, sim, out=sys.stdout):
        self.sim = sim
        self.out = out
        self.last = None
        self.status = ""

    def lines(self, columns, rows):
        if too_small(columns, rows):
            return self.small_lines(columns, rows)
        canvas = self.sim.hal.display
        frame = self.sim.frame
        big = columns >= 130 and rows >= 42
        if big:
            oled = render.half_blocks(frame, canvas.width, canvas.height)
        else:
            oled = render.braille(frame, canvas.width, canvas.height)
        width = len(oled[0])
        out = ["pawtrack simulator" + ("" if big else " (braille view: 2x4 px per cell)")]
        out.append("\u250c" + "\u2500" * width + "\u2510")
        for line in oled:
            out.append("\u2502" + line + "\u2502")
        out.append("\u2514" + "\u2500" * width + "\u2518")
        cells = []
        for r, g, b in self.sim.leds():
            # show dim colours brighter so a low brightness setting stays visible
            peak = max(r, g, b)
            if peak:
                r, g, b = (r * 255 // peak, g * 255 // peak, b * 255 // peak)
                cells.append("\x1b[38;2;%d;%d;%dm\u2588\u2588\x1b[0m" % (r, g, b))
            else:
                cells.append("\x1b[38;2;60;60;60m\u2591\u2591\x1b[0m")
        out.append("LEDs " + " ".join(cells))
        out.append(self.status)
        out.extend(HELP)
        return out

    @staticmethod
    def small_lines(columns, rows):
        """What a window below 80x24 shows: how big it must be, cut to fit."""
        message = [
            "pawtrack simulator",
            "make the window at least %dx%d" % (MIN_COLUMNS, MIN_ROWS),
            "(it is %dx%d; q quits)" % (columns, rows),
        ]
        return [line[: max(columns, 1)] for line in message[: max(rows, 1)]]

    def draw(self, force=False):
        size = os.get_terminal_size(self.out.fileno())
        key = (self.sim.frame, tuple(self.sim.leds()), self.status, size)
        if key == self.last and not force:
            return
        self.last = key
        lines = self.lines(size.columns, size.lines)
        self.out.write("\x1b[H\x1b[2J" + "\r\n".join(lines))
        self.out.flush()


def is_terminal(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no stream, or a closed one
        return False


def run_terminal(state_dir):
    if not (is_terminal(sys.stdin) and is_terminal(sys.stdout)):
        print(NEEDS_A_TERMINAL, file=sys.stderr)
        return 2
    sim = Simulator(state_dir=state_dir, clock=RealClock())
    view = TerminalView(sim)
    keys = KeyInput()
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    release_at = None
    held = None
    try:
        tty.setraw(fd)
        sys.stdout.write("\x1b[?1049h\x1b[?25l")
        while True:
            ready, _, _ = select.select([fd], [], [], 0.01)
            if ready:
                data = os.read(fd, 64).decode(errors="replace")
                if not data:
                    return 0  # the terminal went away
                for key in split_keys(data):
                    if not keys.key(key):
                        return 0
            now = sim.clock.ticks_ms()
            if held is None and keys.queue:
                name, ms = keys.queue.pop(0)
                held = name
                release_at = now + ms
                sim.hal.buttons.set(name, True)
                keys.status = KeyInput.describe(name, ms)
            sim.app.step()
            # Released only after a loop pass at or past the release time, so
            # the app sees the button held for the whole time asked for.
            if held is not None and now >= release_at:
                sim.hal.buttons.set(held, False)
                held = None
            view.status = keys.status
            try:
                view.draw()
            except OSError:
                return 0  # the terminal was closed under us
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\x1b[?1049l")
        sys.stdout.flush()
