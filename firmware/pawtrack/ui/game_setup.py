"""A game's options before it starts: each option on a row, then Start.

Ok on an option steps to its next allowed value (holding ok keeps stepping,
for options with many values); Start begins a new match with a fresh seed,
after asking when that would replace the game's unfinished saved match. The
choices are remembered in the settings for next time (written by the game's
boot once the table is on the screen, not while the player waits for it; the
saved match's folder is made while the player reads the options); Start switches to the game's
own boot (``App.start_match``), where the table's code loads, and back
switches to a fresh boot of the main menu (``Screen.GAME_PAGE``), which
holds no game's rules;
a remembered value the game no longer accepts (renamed or dropped by a newer
firmware) falls back to that option's default, and the other remembered
options are kept.

A game package may add rows before Start with ``setup_entries(app)``, a list
of (label, function to call when picked), e.g. Mmm!'s results history, and
one line of explanation under the rows with ``setup_note(options)``: a short
text (at most 21 characters) about the options as they stand, or None, asked
again on every draw (e.g. Mmm! says when the layout in use is an example that
matches nobody's board). Without one, that line says how to undo in the match,
which no game's table has room for. This screen names no game.
"""

from pawtrack.buttons import LONG, REPEAT
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.ui import widgets
from pawtrack.ui.confirm import ConfirmScreen
from pawtrack.ui.menu import MenuScreen

NOTE_CHARS = 21
UNDO_HINT = "Undo: hold BACK"
UNDO_HINT_NO_BACK = "Undo: hold < 2 s"  # a board without a back button (pawtrack.ui.input)


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


class GameSetupScreen(MenuScreen):
    GAME_PAGE = True  # back to the menu is a switch to its own boot (pawtrack.ui.stack)

    def __init__(self, app, module):
        MenuScreen.__init__(self, app)
        self.module = module
        self.game = module.load_rules()  # its OPTIONS
        self.title = module.NAME
        self.options = remembered_options(self.game, app.settings.game_options(module.ID))
        extra = module.hook("setup_entries")
        self.extra = extra(app) if extra is not None else []
        self.noting = module.hook("setup_note")
        self.selected = len(self.option_rows()) + len(self.extra)  # start on "Start"
        # The saved match's folder and first log, made while the player reads the
        # options (each costs a flash erase; Start then makes no file), a piece per
        # loop pass, so that a press is never kept waiting for the whole of it.
        app.when_still(self.prepare_folder)

    def prepare_folder(self):
        try:
            yield from self.app.session.saves.preparing_start(self.module.ID)
        except OSError:
            pass  # full or failing flash: Start says so when it writes the match

    def option_rows(self):
        """[(name, allowed values)] of the options shown: those that apply to the rest."""
        game = self.game
        options = self.options
        return [(n, allowed) for n, allowed, _ in game.OPTIONS if game.option_shown(n, options)]

    def entries(self):
        labels = [label_of(name, self.options[name]) for name, _ in self.option_rows()]
        labels += [label for label, _ in self.extra]
        labels.append("Start")
        return labels

    def note(self):
        """The line under the rows: the game's word about the options as they stand,
        else how to undo in the match (nothing on a game's table has room to say it)."""
        text = self.noting(self.options) if self.noting is not None else None
        if text:
            return text[:NOTE_CHARS]
        return UNDO_HINT if self.app.has_back else UNDO_HINT_NO_BACK

    def visible_rows(self):
        return MenuScreen.visible_rows(self) - 1

    def draw(self, canvas):
        note = self.note()
        labels = self.entries()
        visible = self.visible_rows()
        self.top = widgets.scroll_top(self.selected, self.top, visible)
        widgets.title(canvas, self.title, self.title_right())
        widgets.rows(canvas, labels, self.selected, self.top, visible=visible)
        widgets.hint(canvas, note)

    def text_lines(self):
        return MenuScreen.text_lines(self) + [self.note()]

    def button(self, name, kind):
        if name == "ok" and kind in (LONG, REPEAT):
            # Held ok keeps stepping an option; on the other rows it does nothing.
            return self.selected < len(self.option_rows()) and self.pick(self.selected)
        return MenuScreen.button(self, name, kind)

    def pick(self, index):
        rows = self.option_rows()
        if index < len(rows):
            name, allowed = rows[index]
            position = list(allowed).index(self.options[name])
            self.options[name] = allowed[(position + 1) % len(allowed)]
            return True
        index -= len(rows)
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
        problem = None
        try:
            self.app.start_match(self.module, self.options, remember=True)
        except (ValueError, IllegalAction) as error:  # options the device cannot do; flash
            problem = str(error)
        if problem is not None:
            self.app.message("Cannot start: %s." % problem.rstrip("."), title=self.module.NAME)
