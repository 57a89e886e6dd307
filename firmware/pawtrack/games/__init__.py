"""The one small interface every game implements, and the list of games.

A game lives in its own folder ``games/<id>/`` and nothing outside that folder
names it. The folder's ``__init__.py`` exposes:

``ID``, ``NAME``, ``ORDER``
    the same values as the rules class's (below), so the main menu and the
    protocol can list the game without loading its rules: the folder's
    ``__init__.py`` provides ``GAME`` through a module ``__getattr__`` that
    imports the rules on first use (PEP 562; MicroPython has it on the Pico).

``GAME``
    The rules: a class with the attributes and methods below. It is pure
    (no screen, no buttons, no files) and takes all its randomness from the
    ``rng`` it is given, so a game is exactly its options, its seed and the
    list of actions applied to it.

``make_screen(app, match)``
    The user interface: returns a ``pawtrack.ui.screen.Screen`` that turns
    button events into actions for ``match.act(...)``, draws the game on the
    128x64 canvas and hands the LED strip a layer (see ``pawtrack.ui``).

and may add these optional hooks:

``on_boot(app)``
    Called once for every game package when the app starts, before the main
    menu is built (so before any match is started or resumed): the place to
    load what the game keeps on flash through ``app.files``, never at import
    time. Returns None or a one-sentence notice, which the app shows at boot
    with the other notes; a hook that raises becomes such a notice.

``setup_entries(app)``
    Extra rows for the options screen: a list of (label, callback).

The rules class::

    class MyGame(Game):
        ID = "mine"                 # short id: protocol, journal, menu order
        NAME = "My game"            # menu label, at most 16 characters
        ORDER = 50                  # place in the main menu (lower first)
        OPTIONS = (                 # (name, allowed values, default)
            ("players", (2, 3, 4), 2),
        )

        def __init__(self, options, rng): ...
            # options: a complete dict (see resolve_options); rng: pawtrack.rng.Rng
        def legal_actions(self): ...
            # list of action strings allowed now, e.g. ["roll"] or
            # ["place 0 3 4", "stop"]; empty once the game is over
        def apply(self, action): ...
            # do one action; return the list of events it caused, each a dict
            # {"ev": name, ...} that json can encode. Raise IllegalAction
            # (with a reason a player understands) and change nothing if the
            # action is not legal now.
        def state(self): ...
            # a dict that json can encode: everything a host needs to show
            # the game, including "over" (bool) and "result" (None until over)
        def is_over(self): ...
        def summary(self): ...
            # one short line for the Resume entry, e.g. "turn 7"

Actions are short strings of space-separated words, so they are easy to type
in the protocol, to store in the journal and to compare.
"""


class IllegalAction(Exception):
    """An action that the rules do not allow now; the message says why."""


class Game:
    """Base class with the defaults of the interface described above."""

    ID = ""
    NAME = ""
    ORDER = 50
    OPTIONS = ()

    def __init__(self, options, rng):
        self.options = options
        self.rng = rng

    def legal_actions(self):
        return []

    def apply(self, action):
        raise IllegalAction("no actions in this game")

    def state(self):
        return {"over": self.is_over(), "result": None}

    def is_over(self):
        return False

    def summary(self):
        return ""

    def check_legal(self, action):
        """Raise IllegalAction unless ``action`` is in legal_actions()."""
        if action not in self.legal_actions():
            raise IllegalAction("not allowed now: " + action)


def resolve_options(game_cls, given):
    """A complete options dict: defaults filled in, every value checked.

    Raises ValueError naming the first unknown option or bad value.
    """
    given = given or {}
    known = {}
    for name, allowed, default in game_cls.OPTIONS:
        known[name] = (allowed, default)
    for name in given:
        if name not in known:
            raise ValueError("unknown option: " + str(name))
    options = {}
    for name, allowed, default in game_cls.OPTIONS:
        value = given.get(name, default)
        if value not in allowed:
            raise ValueError("bad value for option %s: %r" % (name, value))
        options[name] = value
    return options


def _package_dir():
    path = __path__  # a str on MicroPython, a list on CPython
    return path if isinstance(path, str) else path[0]


FROZEN_PREFIX = ".frozen/"


def game_ids():
    """The ids of the game folders present, found by listing this package.

    Frozen into the firmware (`make uf2`) the package has no folder to list
    (its path is ".frozen/pawtrack/games"): the build freezes the list it
    found as ``_frozen_ids.IDS`` beside this file.
    """
    import os

    base = _package_dir()
    if base.startswith(FROZEN_PREFIX):
        from pawtrack.games._frozen_ids import IDS

        return list(IDS)
    ids = []
    for name in os.listdir(base):
        if name.startswith("_") or name.startswith("."):
            continue
        try:
            entries = os.listdir(base + "/" + name)
        except OSError:
            continue  # a plain file, not a game folder
        if "__init__.py" in entries or "__init__.mpy" in entries:
            ids.append(name)
    return ids


def game_modules(playable=False):
    """The game packages that exist, in menu order (each package's ORDER).

    With ``playable``, only those that also have a screen (``make_screen``):
    the main menu lists nothing that cannot be played on the device. A game
    folder that fails to import is left out rather than taking the menu down.
    """
    modules = []
    for game_id in game_ids():
        try:
            module = __import__("pawtrack.games." + game_id, None, None, ["ID"])
        except Exception as error:  # noqa: BLE001 - one broken game must not hide the rest
            print("pawtrack: game %s not loaded: %r" % (game_id, error))
            continue
        if getattr(module, "ID", None) != game_id:
            continue  # not a game package (or one whose ID does not match its folder)
        if playable and not hasattr(module, "make_screen"):
            continue
        modules.append(module)
    modules.sort(key=lambda module: (module.ORDER, module.ID))
    return modules


def find_game(game_id):
    """The game package with this id, or None."""
    for module in game_modules():
        if module.ID == game_id:
            return module
    return None
