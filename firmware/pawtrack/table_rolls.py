"""Rolls made at the table: the "who rolls" option and the action form of an entered roll.

With a game's option ``rolls`` at ``table``, every action that would roll dice
is listed by ``legal_actions()`` as a template, the action followed by the word
``<faces>`` ("attack melee 3 <faces>", "roll <faces>"). It is sent with that word replaced
by the faces the players rolled, one word per die, in the order they are read
("attack melee 3 bow cheese sword*"). The template itself is refused (it names
no faces), and so is an entry with a face the die does not have or the wrong
number of dice; nothing else is accepted. ``Game.entry_for(action)`` gives the
die and the count for a template, so a screen can ask for exactly that.

Determinism: the rules still draw from their generator for every die, in the
same order as when the device rolls, and use the entered face in place of the
face drawn. The generator therefore moves exactly as it would have: later
deals and shuffles, replay from the journal and the checkpoints are the same
whether the device or the table rolled.
"""

from pawtrack.game import IllegalAction

DEVICE = "device"
TABLE = "table"
OPTION = ("rolls", (DEVICE, TABLE), DEVICE)
MARK = "<faces>"


def template(action):
    """The template ``legal_actions()`` lists for a rolling action in table mode."""
    return action + " " + MARK


def without_mark(action):
    """``action`` with a trailing template mark taken off (a screen may offer either)."""
    if action.endswith(" " + MARK):
        return action[: -len(MARK) - 1]
    return action


def faces_missing(action):
    """The refusal of a rolling action sent without the faces (the table rolls)."""
    return IllegalAction("the table rolls: send %s with the faces" % template(action)[:40])


def faces_entered(words, faces, count):
    """The entered faces as a tuple of words, checked against the die and the count.

    ``faces`` are the die's face words (strings, compared exactly); IllegalAction
    with a one-line reason if a word is not one of them or there are not
    ``count`` words."""
    if len(words) == 1 and words[0] == MARK:
        raise IllegalAction("enter the faces rolled in place of " + MARK)
    if len(words) != count:
        raise IllegalAction("%s to enter, got %d" % (dice_count(count), len(words)))
    for word in words:
        if word not in faces:
            raise IllegalAction("no face %s on this die" % word[:16])
    return tuple(words)


def face_words(faces):
    """A die's faces as the words an entry uses: each value once, in the die's order
    (a die with a face printed twice, like Cat & Mouse's, is entered by its value)."""
    words = []
    for face in faces:
        if str(face) not in words:
            words.append(str(face))
    return tuple(words)


def dice_count(count):
    return "1 die" if count == 1 else "%d dice" % count


def split(legal, action):
    """(template's action, entered face words) for an entered roll, or None.

    ``legal`` is the game's legal_actions(): the entry must fill one of its
    templates. The words are not checked here (faces_entered does that)."""
    for candidate in legal:
        if candidate.endswith(" " + MARK):
            prefix = candidate[: -len(MARK)]  # keeps the space before the faces
            if action.startswith(prefix):
                return candidate[: -len(MARK) - 1], action[len(prefix):].split(" ")
    return None
