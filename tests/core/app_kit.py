"""The real App on the recording HAL, with a match started: what the screen tests drive.

``game_app("mmm", options, seed)`` builds the firmware's own ``App`` (with the
game registry, a fresh in-memory flash and the recording HAL) and starts a
match through ``App.start_match``, as the options screen does. The app is a
``RecordingApp``: the real class, which also notes the messages it showed,
the times it went home and the tones it played, so tests can assert on them.

``home_app()`` is the same app at power-on (the main menu). ``hold(app,
"ok", 2000)`` holds a button's pin for that long and lets it go, and
``run_for(app, ms)`` lets time pass: both move the HAL's virtual clock and
run the app loop every 5 ms, as the simulator does, so presses go through the
real debouncing and short/long decisions.
"""

from recording_hal import make_hal

from pawtrack import games
from pawtrack.ui.app import App


class RecordingBeeper:
    def __init__(self):
        self.tones = []

    def tone(self, frequency, duration_ms):
        self.tones.append((frequency, duration_ms))


class RecordingApp(App):
    """The firmware's App; it also records what it showed, for the tests."""

    def __init__(self, hal, game_list):
        self.messages = []
        self.homes = 0
        App.__init__(self, hal, game_list)

    def message(self, text, title="Note"):
        self.messages.append(text)
        App.message(self, text, title)

    def home(self):
        self.homes += 1
        App.home(self)

    def render(self):
        """Draw the current screen and LEDs; returns the picture's bytes."""
        App.render(self)
        return bytes(self.canvas.buffer)

    @property
    def game(self):
        return self.session.match.game

    @property
    def table(self):
        """The game's own screen (at the bottom of the game's boot)."""
        return self.screens[0]

    @property
    def beeps(self):
        return [frequency for frequency, _ in self.hal.beeper.tones]


STEP_MS = 5  # one loop pass, as in the simulator
SHORT_MS = 80
GAP_MS = 120


def home_app(buttons=("left", "ok", "right", "back"), files=None):
    """A RecordingApp at power-on; ``files`` (a files object) plays an existing flash."""
    hal = make_hal(buttons=buttons)
    if files is not None:
        hal.files = files
    hal.beeper = RecordingBeeper()
    app = RecordingApp(hal, games.catalog())
    app.step()
    return app


def run_for(app, ms):
    """Let ms of virtual time pass, with a pass of the app loop every STEP_MS."""
    clock = app.clock
    end = clock.now + ms
    while clock.now < end:
        clock.sleep_ms(STEP_MS)
        app.step()


def hold(app, name, ms=SHORT_MS):
    """Hold a button's pin down for ms (seen from the first loop pass), then let go."""
    buttons = app.hal.buttons
    index = buttons.names.index(name)
    buttons.levels[index] = True
    app.step()
    run_for(app, ms)
    buttons.levels[index] = False
    run_for(app, GAP_MS)


def presses(app, names):
    """Short presses, e.g. presses(app, "left ok")."""
    for name in names.split():
        hold(app, name)


def game_app(game_id, options=None, seed=3, leds=12, status=(), animate=False, sound=True):
    """A RecordingApp with a new match of ``game_id`` on its table screen."""
    hal = make_hal()
    hal.leds.count = leds
    hal.board = dict(hal.board)
    hal.board["track"] = tuple(range(min(12, leds)))
    hal.board["status"] = tuple(status)
    hal.beeper = RecordingBeeper()
    app = RecordingApp(hal, games.catalog())
    app.settings.set("sound", sound)
    app.start_match(games.find(game_id), options or {}, seed)
    app.homes = 0
    if hasattr(app.table, "animate"):
        app.table.animate = animate
    hal.beeper.tones = []
    return app
