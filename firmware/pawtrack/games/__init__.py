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
    use, so that the main menu's boot loads no game's rules. (Not named ``rules``: importing the
    submodule ``rules.py`` sets that attribute on the package.)
``make_screen(app, match)``
    returns the table screen (a ``pawtrack.ui.screen.Screen``) that turns
    button events into actions for ``app.session.act(...)``, draws the game and
    paints the LED layer.

and may add these optional hooks:

``on_boot(app)``
    called once in each boot that shows the game (the main menu's, after its
    first picture, and the game's own): the place to load what the game keeps
    on flash through ``app.files``, never at import time. Returns
    None or a one-sentence notice, which the app shows; a hook that raises
    becomes such a notice.
``setup_entries(app)``
    extra rows for the options screen: a list of (label, callback).
``setup_note(options)``
    one line of explanation under the options screen's rows: a short text
    (at most 21 characters) about the options as they stand, or None. Asked
    again on every draw of that screen, so it is cheap and reads nothing from
    flash; e.g. Mmm! says when its layout is an example that matches nobody's
    board, Cat & Mouse whether its tile mix is a guess.

A game that listens to the match's events (e.g. Mmm!'s results history)
adds its listener to ``app.session.listeners``: it lasts as long as the
boot, which on the devices is that game's (pawtrack.hal.launcher); what must
last until power-off goes in ``app.lasting`` (JSON values).

``catalog()`` gives one ``GameEntry`` per registered game (made once); an entry
imports its package on first use. A package that fails to import is dropped
from the menu when the app finishes starting (and said so on the console)
rather than taking the menu down. Adding a game: README.md, "Adding a game".
"""

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
