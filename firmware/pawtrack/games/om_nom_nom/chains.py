"""Om Nom Nom's three food chains and how one board is resolved in one turn (pure).

The names, in the order the rest of the game numbers them::

    board      top card   middle card   middle dice (black, 1)   bottom dice (red, 2)
    0 wolf     wolf       rabbit        rabbit                   carrot
    1 cat      cat        mouse         mouse                    cheese
    2 hedgehog hedgehog   frog          frog                     fly

Card ``c`` (index into CARDS) sits on board ``c // 2``, at the top if ``c`` is
even and in the middle if odd. Die symbol ``s`` (index into SYMBOLS) lies on
board ``s // 2``: the middle (black) symbol if ``s`` is even, the bottom (red)
one if odd.

``resolve_board(tops, middles, middle_dice, bottom_dice)`` is the whole rule
of docs/rules/om_nom_nom.md 4.3 for one board and one turn; it knows nothing
about rounds, scores or modes.
"""

CARDS = ("wolf", "rabbit", "cat", "mouse", "hedgehog", "frog")
SYMBOLS = ("rabbit", "carrot", "mouse", "cheese", "frog", "fly")
BOARDS = ("wolf", "cat", "hedgehog")

CARD_POINTS = 1  # any card: your own that survived or one you captured
BLACK_POINTS = 1  # a middle-symbol die: rabbit, mouse, frog
RED_POINTS = 2  # a bottom-symbol die: carrot, cheese, fly


def resolve_board(tops, middles, middle_dice, bottom_dice):
    """One board in one turn: who keeps their card, who eats what, what is left.

    ``tops`` and ``middles`` are sequences of the seats (any labels) that
    played this board's top and middle animal this turn, in seat order;
    ``middle_dice`` and ``bottom_dice`` are how many dice of the middle
    (black) and bottom (red) symbol lie on the board. Returns::

        (eats, discarded, middle_dice_left, bottom_dice_left)

    ``eats`` has one entry per card that survives, in the order given (the
    top animals, or the middle ones when no top animal came):
    ``(seat, cards, middle_taken, bottom_taken)`` with ``cards`` the tuple of
    seats whose middle cards that seat captured. ``discarded`` is the tuple of
    seats whose middle cards were discarded (scored by nobody).

    * Top animals played: each keeps its card. The prey is the middle cards
      plus the middle dice. More top animals than prey items: nobody eats,
      the middle cards are discarded, the dice stay. Otherwise each top
      animal takes ``prey // tops`` items, cards before dice (the first top
      animal in seat order gets the first cards); untaken cards are
      discarded, untaken dice stay. Bottom dice are never touched.
    * No top animal: each middle animal keeps its card and, if there are at
      least as many bottom dice as middle animals, takes ``bottom // middles``
      of them; the rest stay.
    """
    tops = tuple(tops)
    middles = tuple(middles)
    eats = []
    if tops:
        count = len(tops)
        prey = len(middles) + middle_dice
        if prey < count:  # also prey == 0: nothing to eat, the cards are kept
            for seat in tops:
                eats.append((seat, (), 0, 0))
            return tuple(eats), middles, middle_dice, bottom_dice
        share = prey // count
        cards_taken = min(len(middles), share * count)
        dice_taken = share * count - cards_taken
        for index in range(count):
            first = index * share
            last = first + share
            cards = middles[min(first, cards_taken):min(last, cards_taken)]
            eats.append((tops[index], cards, share - len(cards), 0))
        return tuple(eats), middles[cards_taken:], middle_dice - dice_taken, bottom_dice
    if middles:
        count = len(middles)
        share = bottom_dice // count
        for seat in middles:
            eats.append((seat, (), 0, share))
        return tuple(eats), (), middle_dice, bottom_dice - share * count
    return (), (), middle_dice, bottom_dice


def eat_points(eat):
    """The points of one entry of ``resolve_board``'s ``eats``: own card, prey, dice."""
    _seat, cards, middle_taken, bottom_taken = eat
    return CARD_POINTS * (1 + len(cards)) + BLACK_POINTS * middle_taken + RED_POINTS * bottom_taken


def card_board(card):
    """(board, is_top) of card index ``card``."""
    return card // 2, card % 2 == 0
