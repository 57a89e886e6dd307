"""The app loop: button events -> the current screen -> actions -> render.

One ``App`` owns the screen stack, the canvas and the LED layer. Each pass of
``step()`` samples the buttons, hands the events to the top screen, lets it
animate, and redraws only when something changed. A screen that raises is
replaced by a message saying what went wrong, so one bug never stops the
device. Listeners (the serial protocol) receive every event the app emits.

The app is given the games as registry entries (``games``; the device passes
``pawtrack.games.catalog()``) and never imports them itself, so the ui layer
depends on the core only and the games on the ui.

Starting takes two steps, so the device can show its main menu before it
loads everything else: the constructor makes what the first picture needs
(the settings, the button input, the main menu listing the games by name,
with a Resume row for each saved match), and ``finish_boot()`` does the
rest: each game package's optional ``on_boot(app)`` (a package that does not
import is dropped from the menu) and the notes for the screen.
``App(hal, games)`` does both at once; the device passes ``defer_boot=True``,
draws the menu, starts its other parts, then calls ``finish_boot()``.
"""

from pawtrack import const
from pawtrack.buttons import LONG, REPEAT, SHORT, ButtonInput
from pawtrack.settings import Settings

LOOP_SLEEP_MS = const(5)
LEFT_UNDO_REPEATS = const(7)  # repeats after the long press: 500 + 7 * 150 ms of holding
PRESS_TONE_HZ = const(2000)
HOLD_TONE_HZ = const(1200)
KEY_TONE_MS = const(15)
# Once the screen has been still this long after its update was complete, the work
# put off for stillness (App.when_still) runs, one job per loop pass so that a press
# waits for one job at most, and then the heap is collected (Hal.collect): the garbage
# of the last press goes while nobody waits, instead of in the middle of the next press
# (about 20 ms on the Pico with a game loaded). Shorter than a person takes between an
# answer appearing and the next press. While an animation runs (the screen's tick asked
# for a frame in the last ANIMATION_GAP_MS, more than the 60 ms between a dice roll's
# frames) nothing runs between its frames.
STILL_MS = const(20)
ANIMATION_GAP_MS = const(80)
OLD_JOURNAL = "match.jnl"  # pawtrack.saves.OLD_JOURNAL: the first release's single save


class App:
    def __init__(self, hal, games=(), settings=None, home=None, defer_boot=False):
        self.hal = hal
        self.games = list(games)
        self.canvas = hal.display
        self.clock = hal.clock
        self.files = hal.files
        self.settings = settings if settings is not None else Settings.load(hal.files)
        self.lights = None  # the LED layer: made with the strip (make_lights)
        self.apply_settings()
        self.has_back = "back" in hal.buttons.names
        self.input = ButtonInput(hal.buttons.names, diff=hal.clock.ticks_diff)
        # On a board without back: the repeats seen while left is held (None: not held)
        # and whether that hold already became an undo.
        self.left_repeats = None
        self.left_undid = False
        self.screens = []
        self.listeners = []  # called with every event; one with a game_id goes with that game
        self.kept = {}  # what games keep while the device is on, though their code is unloaded
        self._session = None
        self.dirty = True
        self.frames = 0
        self.drawn_at = 0  # when the last update was complete
        self.moved_at = None  # when the screen's tick last asked for a frame
        self.collect_due = False
        self.still_jobs = []  # work for when the screen is still (App.when_still)
        self.booted = False
        self.home_screen = home  # the main menu's class (None: pawtrack.ui.home's)
        self.menu_carried = None  # what the main menu set aside during a match
        self.screens.append(self.make_home())
        if not defer_boot:
            self.finish_boot()

    @property
    def session(self):
        """The match being played (made on first use: the first menu does not need it)."""
        if self._session is None:
            from pawtrack.session import Session

            self._session = Session(
                self.files, self.games, self.emit, self.mark_dirty, later=self.when_still
            )
        return self._session

    def make_lights(self):
        """The LED layer for the strip (not needed before the strip is set up)."""
        from pawtrack.ui.lights import Lights

        hal = self.hal
        board = hal.board
        self.lights = Lights(
            hal.leds.count if hal.leds is not None else board["led_count"],
            board.get("track", ()),
            board.get("status", ()),
            board.get("max_brightness", 255),
        )
        self.lights.level = self.settings.led_level()
        return self.lights

    def finish_boot(self):
        """What the first picture did not need: the games' start-up, saved matches, notes."""
        if self.booted:
            return
        self.booted = True
        if self.lights is None:
            self.make_lights()
        notices = []
        # Problems go on the screen only if there is a screen to read them on;
        # without one, the first ok press must not be spent closing a note
        # nobody saw (the LEDs and the protocol report it instead).
        if getattr(self.hal.display, "working", True):
            notices.extend(self.hal.problems)
        notices.extend(self.boot_games())
        if self.files.exists(OLD_JOURNAL):  # only then is the save code needed at boot
            saves_notice = self.session.saves.prepare()
            if saves_notice:
                notices.append(saves_notice)
        home = self.screens[0]
        refresh = getattr(home, "refresh", None)
        if refresh is not None:
            notice = refresh(saves=False)  # the Resume rows were read for the first picture
            home.selected = 0  # at power-up: the most recent saved match, or the first game
            if notice:
                notices.append(notice)
        if self.settings.notice:
            notices.append(self.settings.notice)
        self.dirty = True
        if notices:
            self.message("\n".join(notices), title="Note")

    def boot_games(self):
        """Run each game's ``on_boot(app)``, if it has one; their notices.

        Looking the hook up imports the game's package: a game whose package
        does not import is dropped from the menu (and named on the console)."""
        notices = []
        kept = []
        for entry in self.games:
            try:
                hook = entry.hook("on_boot")
            except Exception as error:  # noqa: BLE001 - one broken game must not hide the rest
                print("pawtrack: game %s not loaded: %r" % (entry.ID, error))
                continue
            kept.append(entry)
            try:
                notice = hook(self) if hook is not None else None
            except Exception as error:  # noqa: BLE001 - one game must not stop the device
                notice = "%s: start-up failed: %s" % (entry.NAME, error)
            if notice:
                notices.append(notice)
        self.games = kept
        if getattr(self.hal, "unload_games", False):
            for entry in kept:  # until a game is opened, the menu needs only the names
                entry.forget_package()
        if self._session is not None:
            self._session.games = kept
        return notices

    # -- screens -------------------------------------------------------------

    @property
    def screen(self):
        return self.screens[-1]

    def push(self, screen):
        self.screens.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.screens) > 1:
            self.screens.pop()
            self.bring_menu_back()
            self.screen.enter()
        self.dirty = True

    def replace(self, screen):
        self.screens[-1] = screen
        self.dirty = True

    def home(self):
        """Back to the main menu."""
        del self.screens[1:]
        self.bring_menu_back()
        self.screen.enter()
        self.dirty = True

    def make_home(self, carried=None):
        home = self.home_screen
        if home is None:
            from pawtrack.ui.home import HomeScreen

            home = HomeScreen
        return home(self) if carried is None else home(self, carried)

    def set_menu_aside(self):
        """Under a match, on a small heap (Hal.unload_games): the main menu and the menus'
        code go (about 2.5 KiB on the Pico), to be made again when the match is left.

        Only a main menu that says how (``set_aside()``: what the new one carries on
        with and the modules to forget) is set aside."""
        if not getattr(self.hal, "unload_games", False) or len(self.screens) < 2:
            return
        set_aside = getattr(self.screens[0], "set_aside", None)
        if set_aside is None:
            return
        from pawtrack import forget_module

        self.menu_carried, modules = set_aside()
        self.screens[0] = None
        for name in modules:
            forget_module(name)

    def bring_menu_back(self):
        """The main menu again, if it was set aside and is about to be on top."""
        if self.screens[0] is None and len(self.screens) == 1:
            self.screens[0] = self.make_home(self.menu_carried)
            self.menu_carried = None

    def mark_dirty(self):
        self.dirty = True

    # -- matches -------------------------------------------------------------

    def start_match(self, package, options, seed=None):
        """A new match of a game, shown on its table screen (ValueError: bad options)."""
        if seed is None:
            seed = self.hal.new_seed()
        self.make_room_for(package.ID)
        match = self.session.start(package, options, seed)
        self.show_match()
        return match

    def resume_match(self, game_id):
        """(match or None, message or None): a saved match, replayed with a progress bar."""
        from pawtrack.ui.progress import Progress

        self.make_room_for(game_id)
        progress = Progress(self, "Loading")
        match, message = self.session.resume(game_id, progress.update)
        if match is not None:
            self.show_match()
            if message:  # resumed from what could be trusted of a damaged save
                self.message(message, title="Saved game")
        return match, message

    def make_room_for(self, game_id):
        """Before a game's code loads: the other games' code goes (see pawtrack.games).

        A match of another game is left first (it stays saved) and its screens
        are closed, so nothing holds its code any more."""
        session = self.session
        if session.match is not None and session.match.game_id != game_id:
            self.home()
            session.close()
        if not getattr(self.hal, "unload_games", False):
            return
        # A game's listener (its game_id says whose) would keep that game's code alive.
        self.listeners[:] = [
            listener
            for listener in self.listeners
            if getattr(listener, "game_id", game_id) == game_id
        ]
        forgotten = 0
        for entry in self.games:
            if entry.ID != game_id:
                forgotten += entry.unload()
        if forgotten:
            self.canvas.forget_pictures()  # its icons' cached pictures, keyed by id()
            self.collect_now()

    def collect_now(self):
        collect = getattr(self.hal, "collect", None)
        if collect is not None:
            collect()

    def show_match(self):
        """Put the current match's own screen on top of the main menu."""
        # Not home(): the menu is not shown now, so it need not read every saved
        # match's head (about 50 ms of flash reads on the Pico); it does when the
        # player goes back to it (pop() calls its enter()).
        del self.screens[1:]
        self.dirty = True
        session = self.session
        self.push(session.package.make_screen(self, session.match))
        self.set_menu_aside()

    def keep_alive(self):
        """During long work between loop passes: what the loop would do (feed the watchdog)."""
        hook = getattr(self.hal, "keep_alive", None)
        if hook is not None:
            hook()

    def message(self, text, title="Note"):
        from pawtrack.ui.message import MessageScreen

        self.push(MessageScreen(self, text, title))

    def guard(self, handler, *args):
        """Run a screen handler; if it raises, show why instead of crashing."""
        try:
            return handler(*args)
        except Exception as error:  # noqa: BLE001 - the device must keep going
            name = type(error).__name__
            self.emit({"ev": "error", "code": "screen", "reason": "%s: %s" % (name, error)})
            self.message("Oops: %s %s" % (name, error), title="Error")
            return True

    # -- input ---------------------------------------------------------------

    def press(self, name, kind=SHORT):
        """A button event from the pins or the protocol."""
        if not self.has_back and name == "left" and kind != SHORT:
            self.left_as_back(kind)
            return
        self.deliver(name, kind)

    def deliver(self, name, kind):
        if self.settings.sound and kind != REPEAT:
            self.beep(PRESS_TONE_HZ if kind == SHORT else HOLD_TONE_HZ, KEY_TONE_MS)
        if kind == SHORT:
            self.acknowledge(name)
        if self.guard(self.screen.button, name, kind):
            self.dirty = True

    def acknowledge(self, name):
        """The control a short press acts on flips on the panel at once, before the press
        is handled: the player sees the press taken even when the answer takes a while
        (a game's turn, a screen's first load). The next picture replaces it.

        Only when the panel shows the current screen's last picture (not dirty):
        the pressable areas are the ones that picture noted."""
        areas = self.canvas.pressable.get(name)
        if areas is None or self.dirty:
            return
        canvas = self.canvas
        left, top, right, bottom = canvas.width, canvas.height, 0, 0
        for x, y, w, h in areas:  # one control, or a highlight moving to the next row
            canvas.invert_rect(x, y, w, h)
            left, top = min(left, x), min(top, y)
            right, bottom = max(right, x + w), max(bottom, y + h)
        canvas.show_area(left, top, right - left, bottom - top)
        self.dirty = True  # the panel no longer shows the screen's picture

    def left_as_back(self, kind):
        """Three buttons: holding left is back, holding it on is a long back (undo).

        Left held past the long-press time and let go is back; held on for
        LEFT_UNDO_REPEATS more repeat periods (about 1.5 s in all) it is a
        long back at once. The release is seen by ``release_left``.
        """
        if kind == LONG:
            self.left_repeats = 0
            self.left_undid = False
        elif self.left_repeats is not None:
            self.left_repeats += 1
            if self.left_repeats == LEFT_UNDO_REPEATS and not self.left_undid:
                self.left_undid = True
                self.deliver("back", LONG)

    def release_left(self):
        if self.left_repeats is not None and not self.input.held("left"):
            if not self.left_undid:
                self.deliver("back", SHORT)
            self.left_repeats = None

    def poll_buttons(self, now):
        levels = self.hal.buttons.read()
        for name, kind in self.input.update(now, levels):
            self.press(name, kind)
        if self.left_repeats is not None:
            self.release_left()

    # -- output --------------------------------------------------------------

    def emit(self, event):
        for listener in self.listeners:
            listener(event)

    def beep(self, frequency, duration_ms):
        if self.hal.beeper is not None and self.settings.sound:
            self.hal.beeper.tone(frequency, duration_ms)

    def apply_settings(self):
        if self.lights is not None:
            self.lights.level = self.settings.led_level()
        self.dirty = True

    def save_settings(self):
        self.settings.save(self.files)
        self.apply_settings()

    def render(self):
        canvas = self.canvas
        canvas.fill(0)
        canvas.pressable.clear()
        screen = self.screen
        if self.guard(screen.draw, canvas) is True and screen is not self.screen:
            canvas.fill(0)
            canvas.pressable.clear()
            self.screen.draw(canvas)
        canvas.show()
        if self.hal.leds is not None:  # None until the device has set its strip up
            lights = self.lights if self.lights is not None else self.make_lights()
            lights.clear()
            self.guard(self.screen.lights, lights)
            lights.flush(self.hal.leds)
        self.frames += 1
        self.dirty = False
        self.collect_due = True

    def step(self, now=None):
        """One pass of the loop; returns True if the screen was redrawn."""
        # A caller's own now (the tests, the simulator's virtual time) stands for the whole
        # pass; the device's clock is read again once an update is complete.
        clock_time = now is None
        if clock_time:
            now = self.clock.ticks_ms()
        self.poll_buttons(now)
        if self.guard(self.screen.tick, now):
            self.dirty = True
            self.moved_at = now
        if self.dirty:
            self.render()
            self.drawn_at = self.clock.ticks_ms() if clock_time else now
            return True
        diff = self.clock.ticks_diff
        if (
            (self.collect_due or self.still_jobs)
            and diff(now, self.drawn_at) >= STILL_MS
            and (self.moved_at is None or diff(now, self.moved_at) >= ANIMATION_GAP_MS)
        ):
            if self.still_jobs:
                self.guard(self.still_jobs.pop(0))
            else:
                self.collect_due = False
                self.collect_now()
        return False

    def when_still(self, job):
        """Run ``job()`` once the screen has been still for a moment, not in this press.

        For flash work that the answer on the screen does not depend on (an
        erase takes 45 ms on the Pico): remembering the options, making a
        folder before it is needed. A job that raises is shown like a screen's
        error. Power cut before it ran: it did not happen, so it must be work
        whose loss only costs a convenience, never a move."""
        self.still_jobs.append(job)

    def collect_when_still(self):
        """The jobs waiting for stillness, then one collection per change."""
        jobs, self.still_jobs = self.still_jobs, []
        for job in jobs:
            self.guard(job)
        self.collect_due = False
        self.collect_now()

    def run(self, on_loop=None):
        """Forever: the device's main loop. on_loop runs every pass (serial, watchdog).

        Between passes it rests; buttons that can wake it (``sleep_ms`` on the
        Hal's buttons: the Pico's wake at a pin's edge) end the rest early."""
        rest = getattr(self.hal.buttons, "sleep_ms", None) or self.clock.sleep_ms
        while True:
            self.step()
            if on_loop is not None:
                on_loop()
            rest(LOOP_SLEEP_MS)
