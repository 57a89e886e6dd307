"""The interactive simulator: the OLED, the LED strip and the keys in a terminal.

The OLED is drawn at its true 128x64 resolution: with half blocks (one
character per pixel column, two pixel rows per line) when the terminal has at
least 130 columns and 42 lines, otherwise with braille (2x4 pixels per
character, 64 columns by 16 lines), which fits an 80x24 terminal. The LEDs are
coloured cells under it.

Keys: arrows or a/d = left/right, Enter or s = ok, Backspace or f = back.
A long press is the same key with Shift (A S D F, Shift+arrows) or Tab before
the key. Terminals report no key releases, so a key is a press of 80 ms and a
long press one of 700 ms, both fed through the device's real debouncing.
q quits.
"""

import os
import select
import sys
import termios
import tty

from host_tools.sim import render
from host_tools.sim.backend import RealClock
from host_tools.sim.simulator import LONG_HOLD_MS, SHORT_HOLD_MS, Simulator

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
    "a/\u2190 left  s/Enter ok  d/\u2192 right  f/Bksp back",
    "long press: Shift+key (A S D F) or Tab then key    q quit",
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


class TerminalView:
    def __init__(self, sim, out=sys.stdout):
        self.sim = sim
        self.out = out
        self.last = None
        self.status = ""

    def lines(self, columns, rows):
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

    def draw(self, force=False):
        size = os.get_terminal_size(self.out.fileno())
        key = (self.sim.frame, tuple(self.sim.leds()), self.status, size)
        if key == self.last and not force:
            return
        self.last = key
        lines = self.lines(size.columns, size.lines)
        self.out.write("\x1b[H\x1b[2J" + "\r\n".join(lines))
        self.out.flush()


def run_terminal(state_dir):
    if not sys.stdin.isatty():
        print("sim: the interactive simulator needs a terminal; try --headless or --serial",
              file=sys.stderr)
        return 2
    sim = Simulator(state_dir=state_dir, clock=RealClock())
    view = TerminalView(sim)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    queue = []
    release_at = None
    held = None
    long_next = False
    try:
        tty.setraw(fd)
        sys.stdout.write("\x1b[?1049h\x1b[?25l")
        while True:
            ready, _, _ = select.select([fd], [], [], 0.01)
            if ready:
                data = os.read(fd, 64).decode(errors="replace")
                for key in split_keys(data):
                    if key in ("q", "Q", "\x03"):
                        return 0
                    if key == "\t":
                        long_next = True
                        view.status = "next press is LONG"
                    elif key in KEYS:
                        name, long = KEYS[key]
                        queue.append((name, long or long_next))
                        long_next = False
            now = sim.clock.ticks_ms()
            if held is None and queue:
                name, long = queue.pop(0)
                held = name
                release_at = now + (LONG_HOLD_MS if long else SHORT_HOLD_MS)
                sim.hal.buttons.set(name, True)
                view.status = ("LONG press: " if long else "press: ") + name
            elif held is not None and now >= release_at:
                sim.hal.buttons.set(held, False)
                held = None
            sim.app.step()
            view.draw()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\x1b[?1049l")
        sys.stdout.flush()
