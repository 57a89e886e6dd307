"""A bag of tokens drawn without replacement (cheese holders, floor tiles, numbers).

Each draw takes one uniformly random token from what is left, using the
project's ``Rng``: ``j = rng.below(len(left))``, then the last token is moved
into slot ``j``. This is Fisher-Yates done one step at a time, so the tokens
drawn since the last refill are always a uniformly random prefix of a random
permutation of the bag, and the order of the tokens still inside is never
decided before they are drawn (nothing in the state tells the future).

``draw_cycled(keep)`` implements "when only ``keep`` tokens are left, gather
them all and shuffle": Mouse Chaos uses ``keep=1`` (five draws per shuffle of
its six holders), the other bags ``keep=0`` (refill once empty).

``checkpoint_parts()`` and ``restore_parts(parts)`` are the bag's share of the
rules' checkpoint (pawtrack.game): the tokens left and drawn and the refills.

``state()`` is a dict that ``json`` can encode; ``Bag.from_state`` rebuilds the
same bag from it. The tokens must themselves be JSON values (ints or strings).
"""


class Bag:
    """The tokens of one bag: all of them, those left, and those drawn."""

    def __init__(self, tokens, rng):
        self.tokens = tuple(tokens)
        if not self.tokens:
            raise ValueError("a bag needs at least one token")
        self.rng = rng
        self.left = list(self.tokens)
        self.drawn = []
        self.refills = 0

    def __len__(self):
        return len(self.left)

    def refill(self):
        """Put every token back in the bag."""
        self.left = list(self.tokens)
        self.drawn = []
        self.refills += 1

    def draw(self):
        """One token, uniformly from those left; ValueError if the bag is empty."""
        n = len(self.left)
        if n == 0:
            raise ValueError("the bag is empty")
        j = self.rng.below(n)
        token = self.left[j]
        self.left[j] = self.left[n - 1]
        self.left.pop()
        self.drawn.append(token)
        return token

    def take(self, token):
        """Remove one ``token`` drawn by hand (a physical tile the players name)."""
        if token not in self.left:
            raise ValueError("no %r left in the bag" % (token,))
        self.left.remove(token)
        self.drawn.append(token)
        return token

    def draw_cycled(self, keep=0):
        """(token, refilled): refill first when only ``keep`` tokens are left."""
        refilled = False
        if len(self.left) <= keep:
            self.refill()
            refilled = True
        return self.draw(), refilled

    def counts(self, which=None):
        """[[token, count], ...] of the tokens left (or of ``which``), in bag order."""
        pool = self.left if which is None else which
        result = []
        for token in self.tokens:
            for entry in result:
                if entry[0] == token:
                    break
            else:
                result.append([token, 0])
        for token in pool:
            for entry in result:
                if entry[0] == token:
                    entry[1] += 1
                    break
        return result

    def state(self):
        return {
            "tokens": list(self.tokens),
            "left": list(self.left),
            "drawn": list(self.drawn),
            "refills": self.refills,
        }

    @classmethod
    def from_state(cls, state, rng):
        """The bag described by ``state()``; ValueError if it does not add up."""
        bag = cls(state["tokens"], rng)
        left = list(state["left"])
        drawn = list(state["drawn"])
        pooled = sorted(left + drawn)
        if pooled != sorted(bag.tokens):
            raise ValueError("left and drawn are not the bag's tokens")
        bag.left = left
        bag.drawn = drawn
        bag.refills = state["refills"]
        return bag

    def checkpoint_parts(self):
        return [list(self.left), list(self.drawn), self.refills]

    def restore_parts(self, parts):
        """Put back what ``checkpoint_parts`` gave; ValueError if it is not this bag's."""
        if not isinstance(parts, list) or len(parts) != 3:
            raise ValueError("not a bag's checkpoint")
        left, drawn, refills = parts
        if not isinstance(left, list) or not isinstance(drawn, list):
            raise ValueError("not a bag's checkpoint")
        if sorted(left + drawn) != sorted(self.tokens):
            raise ValueError("left and drawn are not the bag's tokens")
        if not isinstance(refills, int) or refills < 0:
            raise ValueError("not a bag's checkpoint")
        self.left = left
        self.drawn = drawn
        self.refills = refills
