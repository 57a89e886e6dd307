"""The registry of games: which games the device has, in menu order.

Each game lives in its own folder ``games/<id>/`` and nothing outside that
folder names it except the one line in ``GAME_IDS`` below. A frozen firmware
has no folders to list, so the games are registered, not discovered.

A game package (the folder's ``__init__.py``) is small, so listing the games
loads no rules. It defines:

``ID``, ``NAME``
    the short id (protocol, journal, settings) and the menu label (at most
    16 characters); the one place each is written.
``load_rules()``
    returns the rules class (a ``pawtrack.game.Game``), importing it on first
    use to keep the menu's heap small. (Not named ``rules``: importing the
    submodule ``rules.py`` sets that attribute on the package.)
``make_screen(app, match)``
    returns the table screen (a ``pawtrack.ui.screen.Screen``) that turns
    button events into actions for ``app.session.act(...)``, draws the game and
    paints the LED layer.

and may add these optional hooks:

``on_boot(app)``
    called once when the app starts, before the main menu is built: the place
    to load what the game keeps on flash through ``app.files``, never at import
    time. Returns None or a one-sentence notice, which the app shows at boot;
    a hook that raises becomes such a notice.
``setup_entries(app)``
    extra rows for the options screen: a list of (label, callback).

``catalog()`` imports the packages once and keeps them; a package that fails
to import is left out (and said so on the console) rather than taking the
menu down.
"""

GAME_IDS = (
    "mmm",
    "mouse_chaos",
    "chop",
    "mice_mystics",
)

_catalog = None


def catalog():
    """The game packages that imported, in menu order (imported once, then kept)."""
    global _catalog
    if _catalog is None:
        _catalog = load(GAME_IDS)
    return _catalog


def load(game_ids):
    """The packages of ``game_ids`` that import and name themselves correctly."""
    found = []
    for game_id in game_ids:
        try:
            module = __import__("pawtrack.games." + game_id, None, None, ["ID"])
        except Exception as error:  # noqa: BLE001 - one broken game must not hide the rest
            print("pawtrack: game %s not loaded: %r" % (game_id, error))
            continue
        if getattr(module, "ID", None) != game_id:
            print("pawtrack: game %s not loaded: its ID is not its folder" % game_id)
            continue
        found.append(module)
    return found


def find(game_id, packages=None):
    """The game package with this id, or None."""
    for module in catalog() if packages is None else packages:
        if module.ID == game_id:
            return module
    return None
