"""Mice and Mystics: what a roll of action dice counts, and a battle's result, pure.

A roll is a sequence of face names of ``dice.MICE_MYSTICS_ACTION``:

=================  ==========================================
``sword*``         melee hit, star
``swordshield``    melee hit, or one block when defending
``swordshield*``   melee hit or one block, star
``bow``            ranged hit
``bow*``           ranged hit, star
``cheese``         one cheese for whoever rolled it
=================  ==========================================

``resolve(attack, defence, mode)`` is the battle: hits by the attack's mode,
blocks only when there was at least one hit, wounds = max(0, hits - blocks).
Nothing here rolls: the rules roll and hand the faces in.
"""

MELEE = "melee"
RANGED = "ranged"
DEFENCE = "defence"
CHECK = "check"
MOVE = "move"
# The modes of the dice roller, in menu order.
ROLL_MODES = (MELEE, RANGED, DEFENCE, CHECK, MOVE)
ATTACK_MODES = (MELEE, RANGED)

MELEE_HIT = ("sword*", "swordshield", "swordshield*")
RANGED_HIT = ("bow", "bow*")
BLOCK = ("swordshield", "swordshield*")
STAR = ("sword*", "swordshield*", "bow*")
CHEESE = "cheese"


def _count(faces, kinds):
    total = 0
    for face in faces:
        if face in kinds:
            total += 1
    return total


def hits(faces, mode):
    """Hits of an attack roll: melee counts swords and sword/shields, ranged counts bows."""
    if mode == MELEE:
        return _count(faces, MELEE_HIT)
    if mode == RANGED:
        return _count(faces, RANGED_HIT)
    raise ValueError("attack mode must be melee or ranged")


def blocks(faces):
    """Blocks of a defence roll: one per sword/shield face (with or without star)."""
    return _count(faces, BLOCK)


def stars(faces):
    return _count(faces, STAR)


def cheese(faces):
    total = 0
    for face in faces:
        if face == CHEESE:
            total += 1
    return total


def check_passed(faces):
    """A check (search, webbed, water, mousetrap) succeeds on at least one star."""
    return stars(faces) > 0


def wounds(hit_count, block_count):
    return max(0, hit_count - block_count)


def resolve(attack, defence, mode):
    """(hits, blocks, wounds) of a battle; ``defence`` is not looked at without a hit.

    ``defence`` may be None (not rolled): it must be, or is ignored, when the
    attack has no hit, because the defender only rolls after at least one hit.
    """
    hit_count = hits(attack, mode)
    if hit_count == 0:
        return 0, 0, 0
    if defence is None:  # no defence dice (a defence value of 0)
        return hit_count, 0, hit_count
    block_count = blocks(defence)
    return hit_count, block_count, wounds(hit_count, block_count)


def tally(faces, mode):
    """The number the dice roller shows for ``mode``: hits, blocks or stars.

    (For MOVE the roller shows the movement numbers themselves, not a tally.)
    """
    if mode in ATTACK_MODES:
        return hits(faces, mode)
    if mode == DEFENCE:
        return blocks(faces)
    if mode == CHECK:
        return stars(faces)
    raise ValueError("no tally for mode " + str(mode))
