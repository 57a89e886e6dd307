"""Mice and Mystics: the heroes and the minion types the initiative track knows, as data.

A card on the initiative track is named by a short id: a hero's id, a minion
type's id, or for a type with several initiative cards (a boss) the type's id
followed by the card's number ("brodie1", "brodie2"). Players whose box or
expansions differ add a line to MINIONS; nothing else names a type.
"""

# (id, name); the name is at most 7 characters (the track column of the screen).
HEROES = (
    ("collin", "Collin"),
    ("nez", "Nez"),
    ("filch", "Filch"),
    ("maginos", "Maginos"),
    ("tilda", "Tilda"),
    ("lily", "Lily"),
)

# (id, name for lists, short name of at most 6 characters, initiative cards).
# A type with 2 or more cards is a boss: its cards always go to the bottom of
# the track together, and an ambush moves only its first card.
MINIONS = (
    ("rats", "Rat warriors", "Rats", 1),
    ("elite", "Elite rats", "Elite", 1),
    ("roaches", "Roaches", "Roach", 1),
    ("spider", "Spider", "Spider", 1),
    ("centipede", "Centipede", "Centi", 1),
    ("vurst", "Captain Vurst", "Vurst", 1),
    ("skitter", "Skitter-Clak", "Skittr", 1),
    ("brodie", "Brodie", "Brodie", 2),
    ("vanestra", "Vanestra", "Vanstr", 4),
    ("other", "Other minions", "Other", 1),
    ("boss", "Other boss", "Boss", 2),
)

HERO_IDS = tuple(hero[0] for hero in HEROES)
MINION_IDS = tuple(minion[0] for minion in MINIONS)


def minion(type_id):
    """The MINIONS row of a type; KeyError for an unknown one."""
    for row in MINIONS:
        if row[0] == type_id:
            return row
    raise KeyError(type_id)


def cards_of(type_id):
    """The initiative card ids of a minion type, in card order."""
    count = minion(type_id)[3]
    if count == 1:
        return (type_id,)
    return tuple(type_id + str(number) for number in range(1, count + 1))


def is_hero(card):
    return card in HERO_IDS


def type_of(card):
    """The minion type id of a card; None for a hero's card."""
    if card in HERO_IDS:
        return None
    if card in MINION_IDS:
        return card
    stem = card.rstrip("0123456789")
    if stem != card and stem in MINION_IDS:
        return stem
    raise KeyError(card)


def hero_name(hero_id):
    for hero in HEROES:
        if hero[0] == hero_id:
            return hero[1]
    raise KeyError(hero_id)


def card_name(card):
    """A card's name in at most 7 characters: a hero's name, a type's short name (+ number)."""
    if card in HERO_IDS:
        return hero_name(card)
    type_id = type_of(card)
    return minion(type_id)[2] + card[len(type_id):]
