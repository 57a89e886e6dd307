"""The one small interface every game's rules implement, and the options they take.

A game's rules are a class derived from ``Game``. They are pure (no screen,
no buttons, no files) and take all their randomness from the ``rng`` they are
given, so a game is exactly its options, its seed and the list of actions
applied to it::

    class MyGame(Game):
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
            # the protocol's view: a dict that json can encode with everything a
            # host needs to show the game, including "over" and "result".
            # Screens do not use it: they read the rules' attributes.
        def is_over(self): ...
        def summary(self): ...
            # one short line for the main menu's Resume row, e.g. "turn 7"
        def check_legal(self, action): ...
            # optional: IllegalAction unless action is one of legal_actions(); the
            # match calls it before apply. Override only with a quicker test that
            # accepts exactly the same strings.
        def undo_refusal(self): ...
            # optional: None if the last action may be taken back (the
            # default), else the one-line reason why not, e.g. a game with
            # hidden cards refuses to undo the action that revealed them, so
            # undo cannot be used to peek

Actions are short strings of space-separated words, so they are easy to type
in the protocol, to store in the journal and to compare. The game's id and
menu name are not part of the rules: they belong to its package (see
``pawtrack.games``), which the match is started with.
"""


class IllegalAction(Exception):
    """An action that the rules do not allow now; the message says why."""


class Game:
    """Base class with the defaults of the interface described above."""

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

    def undo_refusal(self):
        return None

    def check_legal(self, action):
        """Raise IllegalAction unless ``action`` is, character for character, one of
        legal_actions().

        The match (``pawtrack.match``) calls it before ``apply`` for every action,
        typed or replayed from flash, so the rules only ever parse one of their
        own strings: a form that CPython's ``split()`` or ``int()`` reads and
        MicroPython's does not (" roll", "play\u00a0wolf", an Arabic-Indic digit)
        never reaches them, and a match replays the same on both. A game may
        override it with a quicker test that accepts exactly the same strings
        (tests/core/test_hostile_input.py tries every game's)."""
        if action not in self.legal_actions():
            raise IllegalAction("not allowed now: " + action[:40])


def resolve_options(game_cls, given):
    """A complete options dict: defaults filled in, every value checked (``is_allowed``).

    Raises ValueError naming the first unknown option or bad value.
    """
    return resolve_table(game_cls.OPTIONS, given)


def resolve_table(table, given):
    """resolve_options for an OPTIONS table itself (a package may name its rules' table
    without loading them)."""
    given = given or {}
    if not isinstance(given, dict):
        raise ValueError("options must be a dict")
    known = {}
    for name, allowed, default in table:
        known[name] = (allowed, default)
    for name in given:
        if name not in known:
            raise ValueError("unknown option: " + str(name)[:40])
    options = {}
    for name, allowed, default in table:
        value = given.get(name, default)
        if not is_allowed(value, allowed):
            raise ValueError("bad value for option %s: %s" % (name, str(value)[:40]))
        options[name] = value
    return options


def is_allowed(value, allowed):
    """Whether ``value`` is one of ``allowed``, equal in type as well as in value.

    ``==`` alone would take 10.0 for 10 and True for 1; a float reaching the
    rules would break them (range(), indexing), and the saved match with it."""
    kind = type(value)
    for candidate in allowed:
        if type(candidate) is kind and candidate == value:
            return True
    return False
