"""Drive the real firmware app on the simulator backend, by pin levels and time.

``Simulator`` is what the headless mode, the serial mode and the tests use:
presses go through the same pin sampling and debouncing as on the device, and
time is virtual, so a run of presses gives the same pictures every time.

A run of presses is a string of press words (host_tools/sim/press_words.py:
``ok``, ``left:long``, ``ok:2000``, ``wait``, ``wait:500``, ``open:chop``);
``run`` plays them, ``play`` also returns the button presses it made (an
``open:`` word becomes the moves and the ok it took on the menu shown).
"""

import tempfile

from host_tools.sim import render
from host_tools.sim.backend import BUTTONS, VirtualClock, make_hal
from host_tools.sim.press_words import (  # noqa: F401 - the names callers import from here
    GAP_MS,
    KEY_NAMES,
    LONG_HOLD_MS,
    MAX_HOLD_MS,
    OPEN,
    SHORT_HOLD_MS,
    WAIT,
    PressError,
    menu_presses,
    parse_presses,
)
from pawtrack import games
from pawtrack.ui.app import App

STEP_MS = 5
WAIT_QUIET_MS = 1000  # longer than any pause inside an animation
WAIT_MAX_MS = 10000  # longer than the longest animation (Mmm!'s 3 s win)


class Simulator:
    def __init__(self, state_dir=None, board=None, clock=None, buttons=BUTTONS):
        if state_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="pawtrack-sim-")
            state_dir = self._tmp.name
        self.state_dir = state_dir
        virtual = clock is None
        self.clock = clock or VirtualClock()
        self.hal = make_hal(state_dir, board=board, clock=self.clock, buttons=buttons)
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
        self.app.step()  # a loop pass right at the press: the app sees it held for all of ms
        self.advance(ms)
        self.hal.buttons.set(name, False)
        self.advance(GAP_MS)

    def press(self, name, long=False):
        """A short press, or a long one with ``long=True`` (for a time in ms, use hold)."""
        if long is not True and long is not False:
            raise TypeError("press(name, long) takes True or False; hold(name, ms) takes a time")
        self.hold(name, LONG_HOLD_MS if long else SHORT_HOLD_MS)

    def settle(self):
        """Let time pass until nothing has been redrawn for WAIT_QUIET_MS (WAIT_MAX_MS at most).

        Returns the milliseconds waited.
        """
        waited = quiet = 0
        while quiet < WAIT_QUIET_MS and waited < WAIT_MAX_MS:
            self.clock.sleep_ms(STEP_MS)
            waited += STEP_MS
            quiet = 0 if self.app.step() else quiet + STEP_MS
        return waited

    def run(self, presses_text):
        self.play(presses_text)

    def play(self, presses_text):
        """Play press words; returns what was done as [(button, ms) or ("wait", ms)], each
        ``open:`` word replaced by the presses it took (for players that cannot look at the
        menu: the emulated Pico, a device)."""
        done = []
        for name, ms in parse_presses(presses_text):
            steps = menu_presses(self.app.screen, ms) if name == OPEN else [(name, ms)]
            for step in steps:
                self.do(*step)
            done.extend(steps)
        return done

    def do(self, name, ms):
        """One parsed button press or wait (not an ``open:``, which ``play`` resolves)."""
        if name != WAIT:
            self.hold(name, ms)
        elif ms is None:
            self.settle()
        else:
            self.advance(ms)

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
