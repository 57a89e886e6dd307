"""The saved matches: one per game, and which was played most recently.

Each game keeps its own saved match (``saves/<game id>/``, a
``pawtrack.journal.Journal``), so starting one game never replaces another's.
``saves/order`` (a safe file) lists the game ids most recently played first;
the main menu offers Resume for each unfinished match in that order, reading
only each match's head and last status, never replaying it.

A save of the first release (one ``match.jnl`` for every game) is not read:
it is set aside at boot with one sentence for the screen.
"""

import json

from pawtrack.files import make_folders, safe_read, safe_write, set_aside
from pawtrack.journal import Journal

FOLDER = "saves"
ORDER = FOLDER + "/order"
OLD_JOURNAL = "match.jnl"
OLD_JOURNAL_NOTICE = "A game saved by an older version was set aside."
UNREADABLE = "Saved game unreadable; set aside."
IN_THE_WAY = "A file where saved games go was set aside."
MAX_GAMES = 16


class Saves:
    def __init__(self, files):
        self.files = files
        self.unwritten_order = None  # played() said so; write_order() not yet run

    def journal(self, game_id):
        """A journal object for this game's saved match (each caller gets its own)."""
        return Journal(self.files, FOLDER + "/" + game_id)

    def preparing_start(self, game_id):
        """Make what a new match of this game writes into, if missing: its folder and its
        first log (while the player reads the options: Start then makes no file). A
        generator, pausing between pieces of flash work (Journal.preparing_start)."""
        return self.journal(game_id).preparing_start()

    def prepare(self):
        """At boot: set an old single-slot save aside. Returns a notice or None."""
        if self.files.exists(OLD_JOURNAL):
            set_aside(self.files, OLD_JOURNAL)
            return OLD_JOURNAL_NOTICE
        return None

    # -- the order ------------------------------------------------------------

    def order(self):
        """Game ids, most recently played first (unreadable file: empty, and it is set aside)."""
        if self.unwritten_order is not None:
            return self.unwritten_order
        data, _ = safe_read(self.files, ORDER, "Saved games list")
        if data is None:
            return []
        try:
            ids = json.loads(data)
        except Exception:  # noqa: BLE001 - bad JSON or nesting too deep for the stack
            ids = None
        if not isinstance(ids, list) or not all(isinstance(game_id, str) for game_id in ids):
            set_aside(self.files, ORDER)
            return []
        return ids[:MAX_GAMES]

    def played(self, game_id):
        """Put ``game_id`` first in the order (a match of it was started or resumed).
        True if the order changed: ``write_order()`` then puts it on flash."""
        ids = self.order()
        if ids and ids[0] == game_id:
            return False
        if game_id in ids:
            ids.remove(game_id)
        ids.insert(0, game_id)
        self.unwritten_order = ids[:MAX_GAMES]
        return True

    def write_order(self):
        """The order played() changed, onto flash (OSError if it could not be written)."""
        ids = self.unwritten_order
        if ids is None:
            return
        make_folders(self.files, FOLDER)
        safe_write(self.files, ORDER, json.dumps(ids).encode())
        self.unwritten_order = None

    # -- what the menu offers (pawtrack.save_peek, loaded by the menu only) ------

    def resume_entries(self, game_ids):
        """([ResumeEntry] most recent first, [notices]) for unfinished saved matches of
        ``game_ids``, the games this firmware has: pawtrack.save_peek.resume_entries."""
        from pawtrack import save_peek

        return save_peek.resume_entries(self, game_ids)

    def peek(self, game_id):
        """(ResumeEntry or None, notice or None) for one game's save, without replaying it."""
        from pawtrack import save_peek

        return save_peek.peek(self, game_id)
