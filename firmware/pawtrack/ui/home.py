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
SUMMARY_CHARS = 12
SAVES_FOLDER = "saves"  # pawtrack.saves.FOLDER, named here so the first picture needs no save code


class HomeScreen(MenuScreen):
    title = "pawtrack"
    can_go_back = False

    def __init__(self, app, carried=None):
        """``carried``: what an earlier main menu set aside (``set_aside``); this one
        reads the saved matches when it is entered, not now."""
        MenuScreen.__init__(self, app)
        self.items = []  # (label, kind, game entry or None, summary): one tuple a row
        self.tool = None  # the Dice & bag screen, kept so its bags last until power-off
        # (Nothing is kept as empty tuples, not lists: an empty list takes 32 bytes of heap.)
        self.saved = ()  # [(game entry, summary)]: the Resume rows as last read from flash
        self.notices = ()  # what reading them said, until refresh() returns it
        self.wanted = None  # the item to highlight when the rows are first made
        if carried is not None:
            self.wanted, self.tool = carried
            return
        notice = self.refresh(saves=app.files.exists(SAVES_FOLDER))
        if notice:  # shown when the app has finished starting (its refresh returns it)
            self.notices = (notice,)

    def set_aside(self):
        """(what a new main menu carries on with, the menus' modules a match does not use),
        for the app to drop this menu while a match is on the screen (App.set_menu_aside).
        The base menu stays loaded while the Dice & bag tool, itself a menu, is kept."""
        carried = (self.items[self.selected][1:] if self.items else None, self.tool)
        modules = ["pawtrack.ui.home", "pawtrack.ui.game_setup", "pawtrack.ui.confirm"]
        modules.append("pawtrack.ui.settings_screen")
        if self.tool is None:
            modules.append("pawtrack.ui.menu")
        return carried, modules

    def refresh(self, saves=True):
        """Rebuild the rows, keeping the highlight on its item; returns a notice or None.

        ``saves``: read the saved matches again for the Resume rows (False: keep
        the ones last read, without the games the app no longer has)."""
        kept = self.items[self.selected][1:] if self.items else self.wanted
        items = []
        if saves:
            self.saved, notices = self.app.session.resume_entries()
            self.notices += tuple(notices)
        for package, summary in self.saved:
            if package in self.app.games:
                items.append(("Resume " + package.NAME, RESUME, package, summary))
        for package in self.app.games:
            items.append((package.NAME, GAME, package, None))
        items.append(("Dice & bag", TOOL, None, None))
        items.append(("Settings", SETTINGS, None, None))
        self.items = items
        if kept is not None:
            self.selected = self.index_of(kept)
        notices, self.notices = self.notices, ()
        return "\n".join(notices) if notices else None

    def index_of(self, item):
        """Where ``item`` is now; a Resume row that went away falls back to its game."""
        kind, package, _ = item
        for wanted in ((kind, package), (GAME, package)):
            for index, (_, other_kind, other_package, _) in enumerate(self.items):
                if (other_kind, other_package) == wanted:
                    return index
        return min(self.selected, len(self.items) - 1)

    def enter(self):
        message = self.refresh()
        if message:
            self.app.message(message, title="Saved game")

    def entries(self):
        return [item[0] for item in self.items]

    def title_right(self):
        # With Resume highlighted, the title bar says where that game stands.
        if self.items:
            _, kind, _, summary = self.items[self.selected]
            if kind == RESUME and summary:
                return summary[:SUMMARY_CHARS]
        return "v" + VERSION

    def pick(self, index):
        _, kind, package, _ = self.items[index]
        app = self.app
        if kind == SETTINGS:
            from pawtrack.ui.settings_screen import SettingsScreen

            app.push(SettingsScreen(app))
        elif kind == TOOL:
            if self.tool is None:
                from pawtrack.ui.dice_tool_screen import DiceToolScreen

                self.tool = DiceToolScreen(app)
            app.push(self.tool)
        elif kind == RESUME:
            match, message = app.resume_match(package.ID)
            if match is None:
                self.refresh()
                app.message(message or "Nothing to resume.", title="Saved game")
        elif kind == GAME:
            from pawtrack.ui.game_setup import GameSetupScreen

            app.push(GameSetupScreen(app, package))
        return True
