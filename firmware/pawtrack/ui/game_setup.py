"""A game's options before it starts: each option on a row, then Start.

Ok on an option steps to its next allowed value; Start begins a new match
with a fresh seed. The choices are remembered in the settings for next time.
A game package may add rows before Start with ``setup_entries(app)``, a list
of (label, function to call when picked), e.g. Mmm!'s results history.
"""

from pawtrack.games import resolve_options
from pawtrack.ui.menu import MenuScreen


def label_of(name, value):
    if value is True:
        value = "on"
    elif value is False:
        value = "off"
    return "%s: %s" % (name.replace("_", " "), value)


class GameSetupScreen(MenuScreen):
    def __init__(self, app, module):
        MenuScreen.__init__(self, app)
        self.module = module
        self.game = module.GAME
        self.title = self.game.NAME
        remembered = app.settings.game_options(self.game.ID)
        try:
            self.options = resolve_options(self.game, remembered)
        except ValueError:
            self.options = resolve_options(self.game, {})
        extra = getattr(module, "setup_entries", None)
        self.extra = extra(app) if extra is not None else []
        self.selected = len(self.game.OPTIONS) + len(self.extra)  # start on "Start"

    def entries(self):
        labels = [label_of(name, self.options[name]) for name, _, _ in self.game.OPTIONS]
        labels += [label for label, _ in self.extra]
        labels.append("Start")
        return labels

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
        self.app.settings.remember_game_options(self.game.ID, self.options)
        try:
            self.app.save_settings()
        except OSError:
            pass  # the options are a convenience; the game must start anyway
        problem = None
        try:
            self.app.session.start(self.module, self.options)
        except ValueError as error:  # the options need something the device lacks
            problem = str(error)
        if problem is not None:
            self.app.message("Cannot start: %s." % problem, title=self.game.NAME)
        return True
