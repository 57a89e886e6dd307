"""A game's options before it starts: each option on a row, then Start.

Ok on an option steps to its next allowed value; Start begins a new match
with a fresh seed, after asking when that would replace the game's
unfinished saved match. The choices are remembered in the settings for next
time. A game package may add rows before Start with ``setup_entries(app)``, a
list of (label, function to call when picked), e.g. Mmm!'s results history.
"""

from pawtrack.game import IllegalAction, resolve_options
from pawtrack.ui.confirm import ConfirmScreen
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
        self.game = module.load_rules()
        self.title = module.NAME
        remembered = app.settings.game_options(module.ID)
        try:
            self.options = resolve_options(self.game, remembered)
        except ValueError:
            self.options = resolve_options(self.game, {})
        extra = module.hook("setup_entries")
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
        try:
            self.app.save_settings()
        except OSError:
            pass  # the options are a convenience; the game must start anyway
        problem = None
        try:
            self.app.start_match(self.module, self.options)
        except (ValueError, IllegalAction) as error:  # options the device cannot do; flash
            problem = str(error)
        if problem is not None:
            self.app.message("Cannot start: %s." % problem.rstrip("."), title=self.module.NAME)
