"""The app's screen stack: the screen on top gets the buttons and draws the picture.

``ScreenStack`` is one part of ``pawtrack.ui.app.App`` (which mixes it with
the loop, the input and the boot). The stack's bottom is the main menu in the
menu's boot, the match's table in a game's boot (pawtrack.hal.launcher: each
boot holds one of them); going below the bottom, or home from a game's boot,
switches to the other boot (``App.switch``), and so does leaving a game's
options page (``Screen.GAME_PAGE``) for the menu: a fresh menu boot. A screen
that raises is replaced by a message saying what went wrong (``guard``), so one
bug never stops the device.
"""


class ScreenStack:
    @property
    def screen(self):
        return self.screens[-1]

    def push(self, screen):
        self.screens.append(screen)
        self.dirty = True

    def pop(self):
        """Close the top screen; closing a game's table, or its options page, is going
        home."""
        if len(self.screens) > 1:
            if self.screen.GAME_PAGE and self.boot_game is None:
                self.home()
                return
            self.screens.pop()
            self.screen.enter()
        elif self.boot_game is not None:
            self.home()
        self.dirty = True

    def replace(self, screen):
        self.screens[-1] = screen
        self.dirty = True

    def home(self):
        """Back to the main menu (from a game's boot, or a game's page: a switch to the
        menu's own boot)."""
        if self.boot_game is not None or any(s.GAME_PAGE for s in self.screens):
            self.switch({"open": "menu"})
            return
        del self.screens[1:]
        self.screen.enter()
        self.dirty = True

    def make_home(self):
        home = self.home_screen
        if home is None:
            from pawtrack.ui.home import HomeScreen

            home = HomeScreen
        return home(self)

    def show_match(self):
        """The current match's own screen at the bottom of this game's boot."""
        session = self.session
        self.screens[:] = [session.package.make_screen(self, session.match)]
        self.dirty = True

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

    def mark_dirty(self):
        self.dirty = True
