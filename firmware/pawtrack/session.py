"""The match being played, between the screens, the saved games and the protocol.

Screens and the serial protocol both go through one ``Session``: it starts,
resumes, acts and undoes, journals every accepted action before anyone shows
its result, and hands every game event to ``emit`` as it happens. It knows the
games only as the list of packages it is given (``pawtrack.games.catalog()``
on the device), so it sits in the core with the match and the journal.
"""

from pawtrack.game import IllegalAction
from pawtrack.saves import Saves

SAVE_FAILED = "Could not save to flash; nothing changed."


class SaveFailed(IllegalAction):
    """The journal could not be written, so the action was not taken."""


class Session:
    def __init__(self, files, games, emit, changed=None, later=None):
        self.saves = Saves(files)
        self.games = games
        self.send = emit  # the app's: its listeners (the protocol)
        self.listeners = []  # a game's own ears on its match's events (Mmm!'s history)
        self.changed = changed  # called after every change the screen must show
        # later(job): run job once the answer is on the screen (App.when_still); None:
        # the journal tidies itself inside the append that needs it
        self.later = later
        self.match = None
        self.package = None

    def emit(self, event):
        """An event of the match: to the app's listeners, then to the session's."""
        self.send(event)
        for listener in self.listeners:
            listener(event)

    def find(self, game_id):
        """The game package with this id, or None."""
        for package in self.games:
            if package.ID == game_id:
                return package
        return None

    def rules_of(self, game_id):
        package = self.find(game_id)
        return package.load_rules() if package is not None else None

    def resume_entries(self):
        """([(package, summary)] most recent first, [notices]) for the main menu."""
        entries, notices = self.saves.resume_entries([package.ID for package in self.games])
        return [(self.find(entry.game_id), entry.summary) for entry in entries], notices

    def latest_saved(self):
        """The id of the game with a saved match (finished or not) played most recently, or None."""
        ids = [package.ID for package in self.games]
        for game_id in self.saves.order() + ids:
            if game_id in ids and self.saves.journal(game_id).exists():
                return game_id
        return None

    def has_saved(self, game_id):
        """Whether ``game_id`` has an unfinished saved match (a new one would replace it)."""
        entry, _ = self.saves.peek(game_id)
        return entry is not None

    def start(self, package, options, seed, shown=None):
        """A new match of ``package`` (replacing its saved one); ValueError for bad options.
        ``shown()`` is called once the match is current and before it is written to
        flash, so its table can be on the panel while the journal is made."""
        from pawtrack.match import Match  # (the main menu reads saves, never a match)

        journal = self.saves.journal(package.ID)

        def made(match):
            self.match = match
            self.package = package
            if shown is not None:
                shown()

        try:
            match = self.saved(
                Match.new, package.ID, package.load_rules(), options, seed, journal, made
            )
        except BaseException:
            self.match = self.package = None  # not saved: not current either
            raise
        self.note_played(package.ID)
        event = {"ev": "new", "game": match.game_id, "seed": match.seed}
        event["options"] = match.options
        self.emit(event)
        self.touch()
        self.tidy_later()  # the old match's files go while nobody waits
        return match

    def resume(self, game_id, progress=None):
        """(match or None, message or None): the saved match of ``game_id`` becomes current.

        A match and a message: it was resumed from what could be trusted of a
        damaged save (the message says how much); a ``save_damaged`` event says
        so too."""
        package = self.find(game_id)
        if package is None:
            return None, "No game called %s." % game_id[:40]
        journal = self.saves.journal(game_id)
        if not journal.exists():
            return None, None
        from pawtrack.match import Match

        match, message = Match.resume(journal, self.rules_of, progress)
        if match is None:
            return None, message
        self.match = match
        self.package = package
        self.note_played(game_id)
        self.emit({"ev": "resumed", "game": match.game_id, "actions": match.moves})
        if message:
            event = {"ev": "save_damaged", "game": game_id, "kept": match.moves}
            event["reason"] = message
            self.emit(event)
        self.touch()
        self.tidy_later()  # a checkpoint due, or what an undo from here needs
        return match, message

    def note_played(self, game_id):
        """The menu's order of games: changed now, written once the screen is still where
        it can be (a write in the press sits deep in its call stack, and on the Pico
        LittleFS compacting a folder there can overrun the C stack)."""
        if self.saves.played(game_id):
            if self.later is None:
                self.write_order()
            else:
                self.later(self.write_order)

    def write_order(self):
        try:
            self.saves.write_order()
        except OSError:
            pass  # only the menu's order; the match itself is saved

    def close(self):
        """Leave the current match (it stays saved)."""
        self.match = None
        self.package = None

    def act(self, action):
        """Do an action; returns its events.

        IllegalAction if the rules refuse it, SaveFailed (a kind of
        IllegalAction) if the flash could not be written: either way the
        match is as before and the message can go straight on the screen.
        """
        if self.match is None:
            raise IllegalAction("no game in progress")
        events = self.saved(self.match.act, action)
        self.announce(events)
        self.tidy_later()
        return events

    def undo(self, progress=None):
        if self.match is None:
            raise IllegalAction("no game in progress")
        events = self.saved(self.match.undo, progress)
        self.announce(events)
        self.tidy_later()
        return events

    def tidy_later(self):
        """If the match has work to do (a checkpoint, the journal's next log to make, an old
        match's files to remove), have it done once the screen is still."""
        if self.later is not None and self.match.needs_tidy():
            self.later(self.tidy)

    def tidy(self):
        """The match's checkpoint and the journal's flash work, if still due. A flash
        error is left for the next append to meet (and report: it makes its log itself
        when it has to)."""
        if self.match is not None:
            try:
                self.match.tidy()
            except OSError:
                pass

    @staticmethod
    def saved(change, *args):
        """Run a change that writes the journal, turning a failed write into SaveFailed."""
        failed = False
        try:
            return change(*args)
        except OSError:
            failed = True
        if failed:
            raise SaveFailed(SAVE_FAILED)

    def announce(self, events):
        for event in events:
            self.emit(event)
        self.touch()

    def touch(self):
        if self.changed is not None:
            self.changed()
