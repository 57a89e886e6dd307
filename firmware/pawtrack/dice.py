"""Every die face and every bag the games use, as data in one place.

Games and the "Dice & bag" tool read these tables; nothing else names a face.
A die is a tuple of face names, one entry per physical face (so a face that
appears twice on the die appears twice here). A bag is a tuple of the tokens
it holds. Players whose copy differs can change the tables in one spot.
"""

# Mmm!: one face per food plus the red X (docs/rules/mmm.md, 1.1).
MMM_FOOD = ("bread", "fish", "cucumber", "cheese", "carrot", "x")
FOODS = ("bread", "fish", "cucumber", "cheese", "carrot")

# Chop! Chop! (Cat & Mouse), docs/rules/chop.md, 5.1.
CHOP_CAT = (1, 1, 2, 2, 2, 3)
CHOP_MOUSE = (1, 1, 2, 2, 3, 4)

# Om Nom Nom prey die: one face per prey symbol (docs/rules/dice-and-bag.md).
OM_NOM_NOM_PREY = ("rabbit", "carrot", "mouse", "cheese", "frog", "fly")

# Mice and Mystics action die (docs/rules/mice_mystics.md, 3.1): the six faces, one each.
MICE_MYSTICS_ACTION = ("sword*", "swordshield", "swordshield*", "bow", "bow*", "cheese")
# The movement number printed on each face above, used only when the game's option
# "movement" is "face" (a project default pairing: which number sits on which face is
# not published; each of 1, 2, 3 is on two faces, so the number is uniform 1-3).
MICE_MYSTICS_NUMBERS = (1, 2, 3, 1, 2, 3)

PLAIN_D6 = (1, 2, 3, 4, 5, 6)

# Mouse Chaos cheese holders (docs/rules/mouse_chaos.md, 2.1): drawn without replacement. When
# only MOUSE_CHAOS_HOLDERS_KEEP are left, all six are gathered and shuffled.
MOUSE_CHAOS_HOLDERS = (1, 2, 3, 3, 4, 4)
MOUSE_CHAOS_HOLDERS_KEEP = 1

# Chop! Chop! floor tiles (docs/rules/chop.md, 5.1): 38, 10 of them cheese. The split
# of the 28 others is a project guess; owners set their own counts in Cat & Mouse's
# options (mix: own).
CHOP_TILES_DEFAULT = (
    ("cheese", 10),
    ("plate", 10),
    ("plus1", 5),
    ("plus2", 4),
    ("arrow", 3),
    ("fork", 3),
    ("knife", 3),
)

# The dice the "Dice & bag" tool offers, in menu order: (id, label, faces).
DICE = (
    ("mmm", "Mmm! food", MMM_FOOD),
    ("chop_cat", "Cat die", CHOP_CAT),  # the two dice of Cat & Mouse
    ("chop_mouse", "Mouse die", CHOP_MOUSE),
    ("prey", "Om Nom prey", OM_NOM_NOM_PREY),
    ("action", "M&M action", MICE_MYSTICS_ACTION),
    ("d6", "Plain d6", PLAIN_D6),
)


def die_faces(die_id):
    for entry in DICE:
        if entry[0] == die_id:
            return entry[2]
    raise KeyError(die_id)


def roll(rng, faces):
    """One face of a die, every physical face equally likely."""
    return faces[rng.below(len(faces))]


def expand_mix(mix):
    """A tuple of tokens from (token, count) pairs, in table order."""
    tokens = []
    for token, count in mix:
        for _ in range(count):
            tokens.append(token)
    return tuple(tokens)


def bags():
    """The bags the "Dice & bag" tool offers, in menu order: (id, label, tokens, keep),
    where keep is how many tokens are left when the bag is gathered and shuffled again
    (0: once it is empty). Made when asked: the games import this module too, and on
    the Pico what a module builds at import stays in the heap. The numbered bag 1..N
    is built by numbered_bag() with N from NUMBERED_BAG_SIZES."""
    return (
        ("holders", "Cheese holders", MOUSE_CHAOS_HOLDERS, MOUSE_CHAOS_HOLDERS_KEEP),
        ("tiles", "Floor tiles", expand_mix(CHOP_TILES_DEFAULT), 0),  # Cat & Mouse
    )


NUMBERED_BAG_SIZES = range(2, 100)  # a range, not a tuple of 98 numbers in the heap
NUMBERED_BAG_DEFAULT = 10


def numbered_bag(size):
    """The tokens 1..size of the generic numbered bag."""
    if size not in NUMBERED_BAG_SIZES:
        raise ValueError("numbered bag size out of range: %r" % (size,))
    return tuple(range(1, size + 1))
