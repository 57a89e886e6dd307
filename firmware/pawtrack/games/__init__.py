"""The registry of games: which games the device has, in menu order, and their names.

Each game lives in its own folder ``games/<id>/``; nothing outside that folder
names it except its one line in ``GAMES`` below: the id (protocol, journal,
settings) and the menu label (at most 16 characters), the one place each is
written. A frozen firmware has no folders to list, so the games are
registered, not discovered, and the main menu is drawn from this table
without importing any game.

A game package (the folder's ``__init__.py``) defines:

``load_rules()``
    returns the rules class (a ``pawtrack.game.Game``), importing it on first
    use to keep the menu's heap small. (Not named ``rules``: importing the
    submodule ``rules.py`` sets that attribute on the package.)
``make_screen(app, match)``
    returns the table screen (a ``pawtrack.ui.screen.Screen``) that turns
    button events into actions for ``app.session.act(...)``, draws the game and
    paints the LED layer. When it lives in the folder's ``screen.py``, the
    options screen loads that module while the player reads the options
    (``pawtrack.ui.game_setup.preload_table``).

and may add these optional hooks:

``on_boot(app)``
    called once after the main menu is first shown: the place to load what the
    game keeps on flash through ``app.files``, never at import time. Returns
    None or a one-sentence notice, which the app shows; a hook that raises
    becomes such a notice.
``setup_entries(app)``
    extra rows for the options screen: a list of (label, callback).
``RESIDENT``
    a tuple of the package's submodules that hold state which must outlive
    the game's other code (e.g. Mmm!'s ``("layouts",)``: the owner's layouts,
    loaded by ``on_boot``); see ``GameEntry.unload``.
``OPTIONS``
    the rules class's ``OPTIONS`` tuple, when the package defines it itself
    (the rules then use the package's): the options screen appears without
    loading the rules, which load while the player reads it (Mmm!).
``setup_note(options)``
    one line of explanation under the options screen's rows: a short text
    (at most 21 characters) about the options as they stand, or None. Asked
    again on every draw of that screen, so it is cheap and reads nothing from
    flash; e.g. Mmm! says when its layout is an example that matches nobody's
    board, Cat & Mouse whether its tile mix is a guess.

A game that listens to the app's events (``app.listeners``, e.g. Mmm!'s
results history) gives its listener a ``game_id``: the app drops it when it
unloads that game's code, and state that must last until power-off goes in
``app.kept`` under the game's name.

``catalog()`` gives one ``GameEntry`` per registered game (made once); an entry
imports its package on first use. On the Pico, code loaded from files lives
in the heap (about 2.5 bytes of heap per byte of ``.mpy``: a game takes 35 to
65 KiB of the 240), so the app unloads the other games' modules
(``GameEntry.unload``) before a game's code loads: one game at a time, and
forgets the packages after their ``on_boot`` (``GameEntry.forget_package``). A
package that fails to import is dropped from the menu when the app finishes
starting (and said so on the console) rather than taking the menu down.
"""

from pawtrack import forget_module

GAMES = (
    ("mmm", "Mmm!"),
    ("mouse_chaos", "Mouse Chaos"),
    ("chop", "Cat & Mouse"),
    ("om_nom_nom", "Om Nom Nom"),
    ("mice_mystics", "Mice & Mystics"),
)


class GameEntry:
    """A registered game: ``ID``, ``NAME``, and its package, imported on first use."""

    def __init__(self, game_id, name):
        self.ID = game_id
        self.NAME = name
        self._package = None

    def package(self):
        """The game's package (ImportError, or whatever it raises, if it is broken)."""
        if self._package is None:
            self._package = __import__("pawtrack.games." + self.ID, None, None, ["load_rules"])
        return self._package

    def load_rules(self):
        return self.package().load_rules()

    def make_screen(self, app, match):
        return self.package().make_screen(app, match)

    def hook(self, name):
        """One of the package's optional hooks, or None."""
        return getattr(self.package(), name, None)

    def forget_package(self):
        """Forget the package itself when none of its submodules is loaded (after its
        ``on_boot``, for the main menu): 100-300 bytes of heap each; it is imported
        again when the game is opened. Returns True if it was forgotten."""
        if self._package is None:
            return False
        import sys

        prefix = "pawtrack.games.%s." % self.ID
        for loaded in sys.modules:
            if loaded.startswith(prefix):
                return False  # state it keeps (RESIDENT), or code still in use
        self._package = None
        forget_module(prefix[:-1])
        return True

    def unload(self):
        """Forget the game's submodules but those in ``RESIDENT``, so that their code can
        be collected once nothing uses it; the package itself stays. Returns how many.

        Whoever calls it drops the game's objects first (the match, its screens)."""
        package = self._package
        if package is None:
            return 0
        import sys

        prefix = "pawtrack.games.%s." % self.ID
        keep = getattr(package, "RESIDENT", ())
        forgotten = 0
        for name in [name for name in sys.modules if name.startswith(prefix)]:
            if name[len(prefix) :].split(".")[0] not in keep:
                forgotten += forget_module(name)
        return forgotten


_catalog = None


def catalog():
    """The registered games in menu order, as GameEntry objects (made once, then kept)."""
    global _catalog
    if _catalog is None:
        _catalog = [GameEntry(game_id, name) for game_id, name in GAMES]
    return _catalog


def find(game_id, entries=None):
    """The registered game with this id, or None."""
    for entry in catalog() if entries is None else entries:
        if entry.ID == game_id:
            return entry
    return None
