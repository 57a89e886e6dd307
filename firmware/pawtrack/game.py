"""The one small interface every game's rules implement, and the options they take.

A game's rules are a class derived from ``Game``. They are pure (no screen,
no buttons, no files) and take all their randomness from the ``rng`` they are
given, so a game is exactly its options, its seed and the list of actions
applied to it::

    class MyGame(Game):
        OPTIONS = (                 # (name, allowed values, default)
            ("players", (2, 3, 4), 2),
        )

        @classmethod
        def option_shown(cls, name, options): ...
            # optional: False for an option the options screen leaves out because
            # it does not apply to the others as they stand (the default: True)

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
            # accepts exactly the same strings. (With the option "rolls: table", a
            # listed template "<action> <faces>" is accepted only filled with the
            # faces rolled: pawtrack.table_rolls.)
        def entry_for(self, action): ...
            # optional, for the option "rolls: table" (pawtrack.table_rolls): the
            # die's face words and the number of dice to enter for a rolling action
        def undo_refusal(self): ...
            # optional: None if the last action may be taken back (the
            # default), else the one-line reason why not, e.g. a game with
            # hidden cards refuses to undo the action that revealed them, so
            # undo cannot be used to peek

Checkpoints (optional): a game that lists the attributes its actions change
gets the whole state written as a compact checked record and rebuilt from it,
so a long match is rebuilt from its latest checkpoint instead of from the seed
(pawtrack.checkpoints; docs/journal.md, "Checkpoints")::

        CHECKPOINT_VERSION = 1      # raise it whenever the fields or their meaning change
        CHECKPOINT_SPACING = 50     # live actions between checkpoints (the default):
            # fewer for rules whose actions cost more to replay
        CHECKPOINT_FIELDS = ("turn", "scores", ...)
            # every attribute an action may change. The rest (set by __init__ from
            # the options, or from the seed's first draws) is made again by
            # __init__. A value is plain data (None, bool, int, str, bytes,
            # bytearray, list, tuple, dict) or an object with checkpoint_parts()
            # and restore_parts(parts) (pawtrack.bag.Bag).

    game.checkpoint() -> bytes or None          None: this game has no checkpoints
    Game.restore(options, record) -> game       ValueError for a record that is
        damaged, of another version or that does not fit: never a wrong state

A game without them (CHECKPOINT_VERSION 0, the default) is rebuilt by replay.

Actions are short strings of space-separated words, so they are easy to type
in the protocol, to store in the journal and to compare. The game's id and
menu name are not part of the rules: they belong to its package (see
``pawtrack.games``), which the match is started with.
"""

from pawtrack.packing import pack, unpack
from pawtrack.records import crc32
from pawtrack.rng import MASK32, Rng

CHECK_BYTES = 4  # a checkpoint ends with the CRC-32 of what comes before


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

    @classmethod
    def option_shown(cls, name, options):
        return True

    def undo_refusal(self):
        return None

    def entry_for(self, action):
        """(die's face words, number of dice) if the players roll ``action``'s dice at
        the table and enter them (pawtrack.table_rolls), else None (the default)."""
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

    # -- checkpoints -------------------------------------------------------------

    CHECKPOINT_VERSION = 0
    CHECKPOINT_FIELDS = ()
    CHECKPOINT_SPACING = 50

    def checkpoint(self):
        """The whole state, the random generator's included, as checked bytes (packed
        [version, seed, rng state, field values...] and their CRC-32), or None."""
        if not self.CHECKPOINT_VERSION:
            return None
        values = [self.CHECKPOINT_VERSION, self.rng.seed, self.rng.state]
        for name in self.CHECKPOINT_FIELDS:
            value = getattr(self, name)
            if hasattr(value, "checkpoint_parts"):
                value = value.checkpoint_parts()
            values.append(value)
        body = pack(values)
        return body + crc32(body).to_bytes(CHECK_BYTES, "little")

    @classmethod
    def restore(cls, options, record):
        """The game ``checkpoint()`` wrote ``record`` from, with these (complete) options.

        ValueError if the record is damaged, of another version or does not fit
        these rules: the caller then rebuilds the game another way."""
        if not cls.CHECKPOINT_VERSION:
            raise ValueError("this game keeps no checkpoints")
        body = record[:-CHECK_BYTES]
        if len(record) <= CHECK_BYTES or crc32(body) != int.from_bytes(
            record[-CHECK_BYTES:], "little"
        ):
            raise ValueError("checkpoint damaged")
        values = unpack(body)
        fields = cls.CHECKPOINT_FIELDS
        if not isinstance(values, list) or len(values) != 3 + len(fields):
            raise ValueError("checkpoint does not fit these rules")
        if values[0] != cls.CHECKPOINT_VERSION:
            raise ValueError("checkpoint of another version")
        seed, state = values[1], values[2]
        for number in (seed, state):
            if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= MASK32:
                raise ValueError("checkpoint's generator state is not one")
        if not state:
            raise ValueError("checkpoint's generator state is not one")
        rng = Rng(seed)
        game = cls(options, rng)  # what the options alone decide; the rest is overwritten
        rng.state = state  # after the draws __init__ made
        for index in range(len(fields)):
            name = fields[index]
            value = values[3 + index]
            current = getattr(game, name)
            if hasattr(current, "restore_parts"):
                current.restore_parts(value)
                continue
            if current is not None and value is not None and type(value) is not type(current):
                raise ValueError("checkpoint's %s is not a %s" % (name, type(current).__name__))
            setattr(game, name, value)
        return game


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
