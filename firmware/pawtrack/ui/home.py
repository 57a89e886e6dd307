"""The main menu: every game that exists, the "Dice & bag" tool, then Settings.

Games are found by listing ``pawtrack/games/`` (see ``pawtrack.games``), so a
game appears here once its folder is in place and nothing is listed that does
not work. Picking a game opens its options and starts a match.
"""

from pawtrack import VERSION, games
from pawtrack.ui.menu import MenuScreen


class HomeScreen(MenuScreen):
    title = "pawtrack"
    can_go_back = False

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.items = []
        self.tool = None  # the Dice & bag screen, kept so its bags last until power-off
        self.notice = self.refresh()  # the app shows it once the menu is in place

    def refresh(self):
        """Rebuild the list: (label, action) pairs."""
        items = []
        resume, message = self.app.session.resume_entry()
        self.resume_summary = ""
        if resume is not None:
            items.append(("Resume " + resume[0], ("resume", None)))
            self.resume_summary = resume[1]
        for module in games.game_modules(playable=True):
            items.append((module.NAME, ("game", module)))
        items.append(("Dice & bag", ("tool", None)))
        items.append(("Settings", ("settings", None)))
        self.items = items
        return message

    def enter(self):
        message = self.refresh()
        if message:
            self.app.message(message, title="Saved game")

    def entries(self):
        return [label for label, _ in self.items]

    def title_right(self):
        # With Resume highlighted, the title bar says where that game stands.
        if self.items and self.items[self.selected][1][0] == "resume" and self.resume_summary:
            return self.resume_summary[:12]
        return "v" + VERSION

    def pick(self, index):
        kind, target = self.items[index][1]
        if kind == "settings":
            from pawtrack.ui.settings_screen import SettingsScreen

            self.app.push(SettingsScreen(self.app))
        elif kind == "tool":
            if self.tool is None:
                from pawtrack.ui.dice_tool_screen import DiceToolScreen

                self.tool = DiceToolScreen(self.app)
            self.app.push(self.tool)
        elif kind == "resume":
            match, message = self.app.session.resume()
            if match is None:
                self.refresh()
                self.app.message(message or "Nothing to resume.", title="Saved game")
        elif kind == "game":
            from pawtrack.ui.game_setup import GameSetupScreen

            self.app.push(GameSetupScreen(self.app, target))
        return True
