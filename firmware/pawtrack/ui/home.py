"""The main menu: Resume for each unfinished saved match, the games, "Dice & bag", Settings.

The games are the app's registry entries (``app.games``), so the menu shows
exactly what the firmware has, by name, without importing any game. The
first picture at power-up lists the games only; the app adds the saved
matches once it has finished starting (``App.finish_boot``). Each game keeps its own saved match;
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


class HomeScreen(MenuScreen):
    title = "pawtrack"
    can_go_back = False

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.items = []  # (label, (kind, game entry or None, summary))
        self.tool = None  # the Dice & bag screen, kept so its bags last until power-off
        self.refresh(saves=False)

    def refresh(self, saves=True):
        """Rebuild the rows, keeping the highlight on its item; returns a notice or None.

        ``saves``: also read the saved matches for the Resume rows."""
        kept = self.items[self.selected][1] if self.items else None
        items = []
        entries, notices = self.app.session.resume_entries() if saves else ((), ())
        for package, summary in entries:
            items.append(("Resume " + package.NAME, (RESUME, package, summary)))
        for package in self.app.games:
            items.append((package.NAME, (GAME, package, None)))
        items.append(("Dice & bag", (TOOL, None, None)))
        items.append(("Settings", (SETTINGS, None, None)))
        self.items = items
        if kept is not None:
            self.selected = self.index_of(kept)
        return "\n".join(notices) if notices else None

    def index_of(self, item):
        """Where ``item`` is now; a Resume row that went away falls back to its game."""
        kind, package, _ = item
        for wanted in ((kind, package), (GAME, package)):
            for index, (_, (other_kind, other_package, _)) in enumerate(self.items):
                if (other_kind, other_package) == wanted:
                    return index
        return min(self.selected, len(self.items) - 1)

    def enter(self):
        message = self.refresh()
        if message:
            self.app.message(message, title="Saved game")

    def entries(self):
        return [label for label, _ in self.items]

    def title_right(self):
        # With Resume highlighted, the title bar says where that game stands.
        if self.items:
            kind, _, summary = self.items[self.selected][1]
            if kind == RESUME and summary:
                return summary[:SUMMARY_CHARS]
        return "v" + VERSION

    def pick(self, index):
        kind, package, _ = self.items[index][1]
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
