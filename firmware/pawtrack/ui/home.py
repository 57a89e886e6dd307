"""The main menu: Resume for each unfinished saved match, the games, "Dice & bag", Settings.

The games are the app's registry entries (``app.games``), so the menu shows
exactly what the firmware has, by name, without importing any game. The
first picture at power-up already has the Resume rows when the flash holds
saved matches (reading their heads takes a few files); with no ``saves``
folder it lists the games only, without loading the save code at all. Each
game keeps its own saved match;
Resume rows come first, the most recently played first, and the title bar
shows where the highlighted one stands (its last status, read from flash
without replaying the match). When the rows change (a match ended, one was
started), the highlight stays on the same item, not the same position.
"""

from pawtrack import VERSION
from pawtrack.ui.menu import MenuScreen

RESUME = "resume"
GAME = "game"
TOOL = "tool"
SETTINGS = "settings"
TOOL_LABEL = "Dice & bag"
SETTINGS_LABEL = "Settings"
SUMMARY_CHARS = 21  # the whole title bar: with a Resume row highlighted it is the summary's
ROW_CHARS = 18  # a row's label from x=12 to the scroll bar
SAVES_FOLDER = "saves"  # pawtrack.saves.FOLDER, named here so the first picture needs no save code


def resume_label(name):
    """"Resume <game>", its first words dropped if the row is too narrow for it
    ("Resume Mystics")."""
    words = name.split(" ")
    while len(words) > 1 and len("Resume " + " ".join(words)) > ROW_CHARS:
        words = words[1:]
        while len(words) > 1 and words[0] == "&":
            words = words[1:]
    return "Resume " + " ".join(words)


class HomeScreen(MenuScreen):
    can_go_back = False

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.tool = None  # the Dice & bag screen, once opened (its bags: before_switch)
        # The rows are made when asked (``row``) from the saved matches and app.games.
        self.saved = None  # [(game entry, summary)]: the Resume rows (None: not read yet)
        self.notices = ()  # what reading them said, until refresh() returns it
        notice = self.refresh(saves=app.files.exists(SAVES_FOLDER))
        if notice:  # shown when the app has finished starting (its refresh returns it)
            self.notices = (notice,)

    def before_switch(self, record):
        """What outlives this menu when the app switches to a game's boot: the
        highlighted item (``record["menu"]``) and the Dice & bag tool's state (in
        ``app.lasting``, which the launch record carries)."""
        _, kind, package, _ = self.row(self.selected)
        record["menu"] = [kind, package.ID if package is not None else None]
        if self.tool is not None:
            self.app.lasting[TOOL] = self.tool.lasting_state()

    def refresh(self, saves=True):
        """Make the rows anew, keeping the highlight on its item; returns a notice or None.

        ``saves``: read the saved matches again for the Resume rows (False: keep
        the ones last read, without the games the app no longer has)."""
        kept = self.row(self.selected)[1:] if self.saved is not None else None
        if saves:
            saved, notices = self.app.session.resume_entries()
            self.notices += tuple(notices)
        else:
            saved = self.saved or ()
        games = self.app.games
        self.saved = [entry for entry in saved if entry[0] in games] if saved else ()
        if kept is not None:
            self.selected = self.index_of(kept)
        notices, self.notices = self.notices, ()
        return "\n".join(notices) if notices else None

    def count(self):
        return len(self.saved or ()) + len(self.app.games) + 2

    def row(self, index):
        """(label, kind, game entry or None, summary) of row ``index``: Resume for each
        saved match, then the games, Dice & bag and Settings."""
        saved = self.saved or ()
        if index < len(saved):
            package, summary = saved[index]
            return resume_label(package.NAME), RESUME, package, summary
        index -= len(saved)
        games = self.app.games
        if index < len(games):
            return games[index].NAME, GAME, games[index], None
        if index == len(games):
            return TOOL_LABEL, TOOL, None, None
        return SETTINGS_LABEL, SETTINGS, None, None

    def index_of(self, item):
        """Where ``item`` is now; a Resume row that went away falls back to its game."""
        kind, package, _ = item
        count = self.count()
        for wanted in ((kind, package), (GAME, package)):
            for index in range(count):
                _, other_kind, other_package, _ = self.row(index)
                if (other_kind, other_package) == wanted:
                    return index
        return min(self.selected, count - 1)

    def enter(self):
        message = self.refresh()
        if message:
            self.app.message(message, title="Saved game")

    def entries(self):
        labels = [resume_label(package.NAME) for package, _ in self.saved or ()]
        for package in self.app.games:
            labels.append(package.NAME)
        labels.append(TOOL_LABEL)
        labels.append(SETTINGS_LABEL)
        return labels

    def resume_summary(self):
        """Where the highlighted Resume row's game stands (None: not a Resume row)."""
        _, kind, _, summary = self.row(self.selected)
        return summary if kind == RESUME and summary else None

    @property
    def title(self):
        return "" if self.resume_summary() else "pawtrack"

    def title_right(self):
        # With Resume highlighted, the whole title bar says where that game stands.
        summary = self.resume_summary()
        return summary[:SUMMARY_CHARS] if summary else "v" + VERSION

    def pick(self, index):
        _, kind, package, _ = self.row(index)
        app = self.app
        if kind == SETTINGS:
            from pawtrack.ui.settings_screen import SettingsScreen

            app.push(SettingsScreen(app))
        elif kind == TOOL:
            if self.tool is None:
                from pawtrack.ui.dice_tool_screen import DiceToolScreen

                self.tool = DiceToolScreen(app, app.lasting.get(TOOL))
            app.push(self.tool)
        elif kind == RESUME:
            match, message = app.resume_match(package.ID)
            if match is None and app.boot_game is None:
                self.refresh()
                app.message(message or "Nothing to resume.", title="Saved game")
        elif kind == GAME:
            from pawtrack.ui.game_setup import GameSetupScreen

            app.push(GameSetupScreen(app, package))
        return True
