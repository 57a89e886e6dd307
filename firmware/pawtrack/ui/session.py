"""The match being played, between the screens, the journal and the protocol.

Screens and the serial protocol both go through one ``Session``: it starts,
resumes, acts and undoes, journals every accepted action before anyone shows
its result, and hands every game event to the app's listeners as it happens.
"""

from pawtrack import games
from pawtrack.games import IllegalAction
from pawtrack.journal import Journal
from pawtrack.match import Match, resume_info

SAVE_FAILED = "Could not save to flash; nothing changed."


class SaveFailed(IllegalAction):
    """The journal could not be written, so the action was not taken."""


class Session:
    def __init__(self, app):
        self.app = app
        self.journal = Journal(app.files)
        self.match = None
        self.module = None

    def resume_entry(self):
        """((game name, summary) or None, message or None) for the main menu."""
        info, message = resume_info(self.journal, games.find_game)
        if info is None:
            return None, message
        module = games.find_game(info[0])
        if module is None:
            return None, message
        return (module.NAME, info[1]), message

    def start(self, module, options, seed=None):
        if seed is None:
            seed = self.app.hal.new_seed()
        match = Match.new(module.GAME, options, seed, self.journal)
        self.match = match
        self.module = module
        self.app.emit(
            {"ev": "new", "game": match.game_id, "seed": match.seed, "options": match.options}
        )
        self.show()
        return match

    def resume(self):
        match, message = Match.resume(self.journal, games.find_game)
        if match is None:
            return None, message
        self.match = match
        self.module = games.find_game(match.game_id)
        self.app.emit({"ev": "resumed", "game": match.game_id, "actions": len(match.actions)})
        self.show()
        return match, None

    def show(self):
        """Put the game's own screen on top of the main menu, if it has one."""
        app = self.app
        app.home()
        make_screen = getattr(self.module, "make_screen", None)
        if make_screen is not None:
            app.push(make_screen(app, self.match))

    def act(self, action):
        """Do an action; returns its events.

        IllegalAction if the rules refuse it, SaveFailed (a kind of
        IllegalAction) if the flash could not be written: either way the
        match is as before and the message can go straight on the screen.
        """
        return self.saved(self.match.act, action)

    def undo(self):
        return self.saved(self.match.undo)

    def saved(self, change, *args):
        """Run a match change, turning a failed journal write into SaveFailed."""
        try:
            events = change(*args)
        except OSError:
            events = None
        if events is None:
            raise SaveFailed(SAVE_FAILED)
        self.announce(events)
        return events

    def announce(self, events):
        for event in events:
            self.app.emit(event)
        self.app.dirty = True
