"""Mice and Mystics: dealing the initiative track and the ambush, pure.

The track is a list of card ids (``cards.py``), top (acts first) to bottom.

``deal(track, heroes, types, rng)``
    A new encounter's minion types join the track.

    * No minion card on the track (the chapter's start, or every minion
      gone): the heroes' cards (in ``cards.HEROES`` order) and one card per
      new minion type (in ``cards.MINIONS`` order) are shuffled together with
      ``rng.shuffle`` and dealt from the top.
    * Minion cards already on the track: the track stays; only the new types'
      cards are shuffled and added at the bottom.
    * A type whose card is already on the track gets no second card.
    * A boss (a type with several cards) is not shuffled in: its cards go to
      the bottom, together and in card order, after the others (several new
      bosses in an order shuffled after that).

``ambush(track, card, steps)``
    moves ``card`` up ``steps`` places (never above the top), pushing the
    cards it passes down one place each.

``ambush_cards(track, added)``
    the cards an ambush rolls for: the new minion cards in track order from
    the top, only the first card of a boss.

No function changes the list it is given.
"""

from pawtrack.games.mice_mystics import cards


def has_minions(track):
    for card in track:
        if not cards.is_hero(card):
            return True
    return False


def new_types(track, types):
    """(types that get cards, types skipped because their card is on the track).

    Both in ``cards.MINIONS`` order, each type once.
    """
    present = []
    for card in track:
        if not cards.is_hero(card):
            present.append(cards.type_of(card))
    joining = []
    skipped = []
    for type_id in cards.MINION_IDS:
        if type_id in types:
            if type_id in present:
                skipped.append(type_id)
            else:
                joining.append(type_id)
    return joining, skipped


def deal(track, heroes, types, rng):
    """(new track, cards added, types skipped, fresh) for an encounter with ``types``.

    ``heroes`` are the heroes in play; ``fresh`` says whether the whole track
    was dealt again (there was no minion card on it).
    """
    joining, skipped = new_types(track, types)
    fresh = not has_minions(track)
    singles = []
    bosses = []
    for type_id in joining:
        type_cards = cards.cards_of(type_id)
        if len(type_cards) == 1:
            singles.append(type_cards[0])
        else:
            bosses.append(type_cards)
    if fresh:
        pool = []
        for hero in cards.HERO_IDS:
            if hero in heroes:
                pool.append(hero)
        pool.extend(singles)
        new_track = rng.shuffle(pool)
    else:
        new_track = list(track) + rng.shuffle(singles)
    rng.shuffle(bosses)
    for boss in bosses:
        new_track.extend(boss)
    added = [card for card in new_track if not cards.is_hero(card) and card not in track]
    return new_track, added, skipped, fresh


def ambush_cards(track, added):
    """The cards an ambush rolls for, in the order it rolls: top to bottom, a boss's first card."""
    rolled = []
    seen_types = []
    for card in track:
        if card in added:
            type_id = cards.type_of(card)
            if type_id not in seen_types:
                seen_types.append(type_id)
                rolled.append(card)
    return rolled


def ambush(track, card, steps):
    """A new track with ``card`` moved up ``steps`` places (at most to the top)."""
    new_track = list(track)
    index = new_track.index(card)
    target = max(0, index - steps)
    new_track.pop(index)
    new_track.insert(target, card)
    return new_track
