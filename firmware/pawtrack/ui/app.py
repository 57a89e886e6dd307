"""The app: button events -> the current screen -> actions -> render.

One ``App`` owns the screen stack, the canvas and the LED layer. Each pass of
``step()`` samples the buttons, hands the events to the top screen, lets it
animate, and redraws only when something changed. Listeners (the serial
protocol) receive every event the app emits.

The app is made of four parts, each in its own module and none importing
another: the screen stack and home (``stack.py``), the loop and the work kept
for a still screen (``loop.py``), the input and its acknowledgement
(``input.py``), and the boot: what this boot opens and the switch to another
(``boot.py``). This module only puts them together.

The app is given the games as registry entries (``games``; the device passes
``pawtrack.games.catalog()``) and never imports them itself, so the ui layer
depends on the core only and the games on the ui. ``App(hal, games)`` is a
whole boot at once; the device passes ``defer_boot=True``, draws the first
picture, starts its other parts, then calls ``finish_boot()``. ``record`` is
the launch record this boot was started with (pawtrack.hal.launcher; None at
power-on: the main menu).
"""

from pawtrack.buttons import ButtonInput
from pawtrack.settings import Settings
from pawtrack.ui.boot import Boot
from pawtrack.ui.input import Input
from pawtrack.ui.loop import Loop
from pawtrack.ui.stack import ScreenStack


class App(ScreenStack, Loop, Input, Boot):
    def __init__(self, hal, games=(), settings=None, home=None, defer_boot=False, record=None):
        self.hal = hal
        self.all_games = list(games)
        self.games = list(games)
        self.canvas = hal.display
        self.clock = hal.clock
        self.files = hal.files
        self.settings = settings if settings is not None else Settings.load(hal.files)
        self.lights = None  # the LED layer: made with the strip (make_lights)
        self.dirty = True
        self.apply_settings()
        self.has_back = "back" in hal.buttons.names
        self.input = ButtonInput(hal.buttons.names, diff=hal.clock.ticks_diff)
        # On a board without back: the repeats seen while left is held (None: not held)
        # and whether that hold already became an undo.
        self.left_repeats = None
        self.left_undid = False
        self.listeners = []  # called with every event
        self._session = None
        self.frames = 0
        self.drawn_at = 0  # when the last update was complete
        self.moved_at = None  # when the screen's tick last asked for a frame
        self.idle_due = False
        self.back_held_shown = False  # the hold hint is on the panel (Loop.show_back_held)
        self.still_jobs = []  # work for when the screen is still (App.when_still)
        self.jobs_since = 0  # when the first of them was asked for
        self.booted = False
        self.home_screen = home  # the main menu's class (None: pawtrack.ui.home's)
        self.start_boot(record)
        if not defer_boot:
            self.finish_boot()
