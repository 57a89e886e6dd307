"""Helpers for the Mice and Mystics tests: a chapter set up, dice the test chooses.

``Scripted`` is the project's own Rng with a queue in front of ``below``: a
test puts the values it wants there and the rules draw them first (every
draw, die, movement number and shuffle goes through ``below``), then the
seeded stream takes over. So a test can say "the attacker rolls sword*,
bow, cheese" and check what the rules make of exactly that.
"""

from pawtrack import dice
from pawtrack.game import resolve_options
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.rng import Rng

FACE = {}
for _index in range(len(dice.MICE_MYSTICS_ACTION)):
    FACE[dice.MICE_MYSTICS_ACTION[_index]] = _index


class Scripted(Rng):
    def __init__(self, seed=1):
        Rng.__init__(self, seed)
        self.script = []

    def below(self, n):
        if self.script:
            value = self.script.pop(0)
            if not 0 <= value < n:
                raise AssertionError("scripted %d is not below %d" % (value, n))
            return value
        return Rng.below(self, n)


def new_game(seed=1, **options):
    return MiceMystics(resolve_options(MiceMystics, options), Scripted(seed))


def will_roll(game, *faces):
    """The next dice the rules roll show these faces."""
    for face in faces:
        game.rng.script.append(FACE[face])


def will_number(game, *numbers):
    """The next movement numbers (option movement: separate) are these (1-3)."""
    for number in numbers:
        game.rng.script.append(number - 1)


def keep_order(game, size):
    """The next Fisher-Yates shuffle of ``size`` items leaves them in order."""
    for i in range(size - 1, 0, -1):
        game.rng.script.append(i)


def chapter(heroes=("collin", "nez"), minions=("rats",), end=6, hourglass=1, in_order=True,
            seed=1, **options):
    """A chapter after setup and a plain deal (heroes, then minions, if ``in_order``)."""
    game = new_game(seed, **options)
    game.apply("endpage %d" % end)
    if hourglass != 1:
        game.apply("hourglass %d" % hourglass)
    for hero in heroes:
        game.apply("hero " + hero)
    for minion in minions:
        game.apply("minion " + minion)
    if in_order:
        singles = [m for m in minions if m not in ("brodie", "vanestra", "boss")]
        keep_order(game, len(heroes) + len(singles))
    game.apply("deal")
    return game


def turn_of(game, card):
    """End turns until ``card`` is the one acting (answering the round-end question 'yes')."""
    for _ in range(50):
        if game.phase == "round_end":
            game.apply("board yes")
        if game.current == card:
            return
        game.apply("end")
    raise AssertionError("never the turn of " + card)
