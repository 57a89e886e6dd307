"""Drive the real firmware app on the simulator backend, by pin levels and time.

``Simulator`` is what the headless mode, the serial mode and the tests use:
presses go through the same pin sampling and debouncing as on the device, and
time is virtual, so a run of presses gives the same pictures every time.
"""

import tempfile

from host_tools.sim import render
from host_tools.sim.backend import VirtualClock, make_hal
from pawtrack import games
from pawtrack.ui.app import App

STEP_MS = 5
SHORT_HOLD_MS = 80
LONG_HOLD_MS = 700
GAP_MS = 120

KEY_NAMES = ("left", "ok", "right", "back")


class PressError(ValueError):
    """A press word that names no button or kind."""


def parse_presses(text):
    """'ok right ok:long' -> [("ok", False), ("right", False), ("ok", True)]."""
    presses = []
    for word in text.replace(",", " ").split():
        name, _, kind = word.partition(":")
        if name not in KEY_NAMES:
            raise PressError("unknown button %r (use %s)" % (name, ", ".join(KEY_NAMES)))
        if kind not in ("", "short", "long"):
            raise PressError("unknown press kind %r in %r (use :long)" % (kind, word))
        presses.append((name, kind == "long"))
    return presses


class Simulator:
    def __init__(self, state_dir=None, board=None, clock=None):
        if state_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="pawtrack-sim-")
            state_dir = self._tmp.name
        self.state_dir = state_dir
        virtual = clock is None
        self.clock = clock or VirtualClock()
        self.hal = make_hal(state_dir, board=board, clock=self.clock)
        if virtual:
            # Virtual time: count the seeds too, so a run of presses that starts
            # a game gives the same game (and pictures) every time.
            seeds = [0]

            def next_seed():
                seeds[0] += 1
                return seeds[0]

            self.hal.new_seed = next_seed
        self.app = App(self.hal, games.catalog())
        self.app.step()

    # -- time and pins -------------------------------------------------------

    def advance(self, ms):
        """Let virtual time pass, running the app loop every STEP_MS."""
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.sleep_ms(STEP_MS)
            self.app.step()

    def hold(self, name, ms):
        """Hold a button down for ms, release it, and let the app settle."""
        self.hal.buttons.set(name, True)
        self.advance(ms)
        self.hal.buttons.set(name, False)
        self.advance(GAP_MS)

    def press(self, name, long=False):
        self.hold(name, LONG_HOLD_MS if long else SHORT_HOLD_MS)

    def run(self, presses_text):
        for name, long in parse_presses(presses_text):
            self.press(name, long)

    # -- what a person would see ----------------------------------------------

    @property
    def frame(self):
        return self.hal.display.last_frame

    def text(self):
        canvas = self.hal.display
        return render.as_text(self.frame, canvas.width, canvas.height)

    def save_png(self, path):
        canvas = self.hal.display
        render.save_png(self.frame, path, canvas.width, canvas.height)

    def leds(self):
        return list(self.hal.leds.colors)

    def screen_name(self):
        return type(self.app.screen).__name__
