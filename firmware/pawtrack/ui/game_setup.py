"""A game's options before it starts: each option on a row, then Start.

Ok on an option steps to its next allowed value (holding ok keeps stepping,
for options with many values); Start begins a new match with a fresh seed,
after asking when that would replace the game's unfinished saved match. The
choices are remembered in the settings for next time (written once the table
is on the screen, not while the player waits for it; the table's code is
loaded while the player reads the options, and the saved match's folder made);
a remembered value the game no longer accepts (renamed or dropped by a newer
firmware) falls back to that option's default, and the other remembered
options are kept.

A game package may add rows before Start with ``setup_entries(app)``, a list
of (label, function to call when picked), e.g. Mmm!'s results history, and
one line of explanation under the rows with ``setup_note(options)``: a short
text (at most 21 characters) about the options as they stand, or None, asked
again on every draw (e.g. Mmm! says when the layout in use is an example that
matches nobody's board). This screen names no game.
"""

from pawtrack.buttons import LONG, REPEAT
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.ui import widgets
from pawtrack.ui.confirm import ConfirmScreen
from pawtrack.ui.menu import MenuScreen

NOTE_CHARS = 21


def label_of(name, value):
    if value is True:
        value = "on"
    elif value is False:
        value = "off"
    return "%s: %s" % (name.replace("_", " "), value)


def remembered_options(game, remembered):
    """The complete options from those remembered, dropping only the values now refused."""
    try:
        return resolve_options(game, remembered)
    except ValueError:
        pass
    kept = {}
    for name, _allowed, _default in game.OPTIONS:
        if name in remembered:
            try:
                resolve_options(game, {name: remembered[name]})
            except ValueError:
                continue
            kept[name] = remembered[name]
    return resolve_options(game, kept)


def preload_table(game_id):
    """Import a game's table screen module (``screen.py`` in its folder) ahead of its
    ``make_screen``, so that Start does not wait for the code to load (0.1-0.25 s from
    files on the Pico). A game whose table lives elsewhere is loaded at Start."""
    try:
        __import__("pawtrack.games.%s.screen" % game_id)
    except ImportError:
        pass  # Start imports it again and says what is wrong


class PackageOptions:
    """A package's own ``OPTIONS``, standing in for its rules class on this screen."""

    def __init__(self, options):
        self.OPTIONS = options


def options_holder(module):
    """What has the game's OPTIONS: the package, when it names them (its rules then load
    while the player reads the options, not before the screen appears: Mmm!'s take a
    tenth of a second from files on the Pico), else its rules class."""
    options = module.hook("OPTIONS")
    if options is not None:
        return PackageOptions(options)
    return module.load_rules()


class GameSetupScreen(MenuScreen):
    def __init__(self, app, module):
        MenuScreen.__init__(self, app)
        self.module = module
        self.game = options_holder(module)
        self.title = module.NAME
        self.options = remembered_options(self.game, app.settings.game_options(module.ID))
        extra = module.hook("setup_entries")
        self.extra = extra(app) if extra is not None else []
        self.noting = module.hook("setup_note")
        self.selected = len(self.game.OPTIONS) + len(self.extra)  # start on "Start"
        # The saved match's folder and first log, made while the player reads the
        # options (each costs a flash erase; Start then makes no file).
        app.when_still(self.prepare_folder)
        app.when_still(self.preload)

    def save_remembered(self):
        try:
            self.app.save_settings()
        except OSError:
            pass  # the options are a convenience; the game must start anyway

    def prepare_folder(self):
        try:
            self.app.session.saves.prepare_start(self.module.ID)
        except OSError:
            pass  # full or failing flash: Start says so when it writes the match

    def preload(self):
        """The rules and the table's code, loaded while the player reads the options,
        unless another game's match is open (its code goes first, at Start: one game at
        a time)."""
        app = self.app
        match = app.session.match
        if match is not None and match.game_id != self.module.ID:
            return
        app.make_room_for(self.module.ID)  # the other games' code goes first
        self.module.load_rules()
        preload_table(self.module.ID)

    def entries(self):
        labels = [label_of(name, self.options[name]) for name, _, _ in self.game.OPTIONS]
        labels += [label for label, _ in self.extra]
        labels.append("Start")
        return labels

    def note(self):
        """The game's line about the options as they stand, or None."""
        if self.noting is None:
            return None
        text = self.noting(self.options)
        return text[:NOTE_CHARS] if text else None

    def visible_rows(self):
        rows = MenuScreen.visible_rows(self)
        return rows - 1 if self.note() else rows

    def draw(self, canvas):
        note = self.note()
        if not note:
            MenuScreen.draw(self, canvas)
            return
        labels = self.entries()
        visible = self.visible_rows()
        self.top = widgets.scroll_top(self.selected, self.top, visible)
        widgets.title(canvas, self.title, self.title_right())
        widgets.rows(canvas, labels, self.selected, self.top, visible=visible)
        widgets.hint(canvas, note)

    def text_lines(self):
        lines = MenuScreen.text_lines(self)
        note = self.note()
        if note:
            lines.append(note)
        return lines

    def button(self, name, kind):
        if name == "ok" and kind in (LONG, REPEAT):
            # Held ok keeps stepping an option; on the other rows it does nothing.
            return self.selected < len(self.game.OPTIONS) and self.pick(self.selected)
        return MenuScreen.button(self, name, kind)

    def pick(self, index):
        if index < len(self.game.OPTIONS):
            name, allowed, _ = self.game.OPTIONS[index]
            position = list(allowed).index(self.options[name])
            self.options[name] = allowed[(position + 1) % len(allowed)]
            return True
        index -= len(self.game.OPTIONS)
        if index < len(self.extra):
            self.extra[index][1]()
            return True
        if self.app.session.has_saved(self.module.ID):
            question = "Start a new game? The saved %s game will be lost." % self.module.NAME
            self.app.push(
                ConfirmScreen(self.app, self.module.NAME, question, "Start new", "Keep saved",
                              self.start)
            )
            return True
        self.start()
        return True

    def start(self):
        self.app.settings.remember_game_options(self.module.ID, self.options)
        self.app.when_still(self.save_remembered)  # after the table is on the screen
        problem = None
        try:
            self.app.start_match(self.module, self.options)
        except (ValueError, IllegalAction) as error:  # options the device cannot do; flash
            problem = str(error)
        if problem is not None:
            self.app.message("Cannot start: %s." % problem.rstrip("."), title=self.module.NAME)
