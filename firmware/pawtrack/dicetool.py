"""The "Dice & bag" tool, pure: roll any die of ``dice.DICE`` or draw from a bag.

Like a game, the tool is a seed plus a list of actions (space-separated words):

``roll <die> <n>``   roll ``n`` (1-15) dice of ``dice.DICE`` id ``die``
``draw <bag>``       draw one token without replacement from ``holders`` (the
                     Mouse Chaos cheese holders, gathered again when one is
                     left), ``tiles`` (the Cat & Mouse floor tiles) or
                     ``numbers`` (1..N); a bag that runs out is refilled and
                     shuffled on the next draw
``refill <bag>``     put every token of that bag back
``numbers <N>``      make the numbered bag 1..N (``dice.NUMBERED_BAG_SIZES``), full

``apply`` returns the history entry of the action (a dict ``json`` can encode)
and raises ``IllegalAction`` for anything else. The last ``HISTORY`` entries
are kept, newest first:

``{"kind": "roll", "die", "faces": [...], "tally": [[face, count], ...], "total"}``
    ``total`` is the sum for dice with number faces, else None; the tally lists
    each distinct face in die order.
``{"kind": "draw", "bag", "token", "left", "shuffled"}``
``{"kind": "refill", "bag", "left"}``
"""

from pawtrack import dice
from pawtrack.bag import Bag
from pawtrack.game import IllegalAction

HISTORY = 8
MAX_DICE = 15


class DiceTool:
    def __init__(self, rng, numbered=dice.NUMBERED_BAG_DEFAULT):
        self.rng = rng
        self.bags = {}
        self.keep = {}
        self.order = []
        for bag_id, _label, tokens, keep in dice.bags():
            self._add_bag(bag_id, tokens, keep)
        self._add_bag("numbers", dice.numbered_bag(numbered), 0)
        self.history = []

    def _add_bag(self, bag_id, tokens, keep):
        if bag_id not in self.bags:
            self.order.append(bag_id)
        self.bags[bag_id] = Bag(tokens, self.rng)
        self.keep[bag_id] = keep

    def _remember(self, entry):
        self.history.insert(0, entry)
        del self.history[HISTORY:]
        return entry

    def roll(self, die_id, count):
        try:
            faces = dice.die_faces(die_id)
        except KeyError:
            raise IllegalAction("no die called " + str(die_id)) from None
        if not 1 <= count <= MAX_DICE:
            raise IllegalAction("roll 1 to %d dice" % MAX_DICE)
        rolled = []
        for _ in range(count):
            rolled.append(dice.roll(self.rng, faces))
        tally = []
        for face in faces:
            for entry in tally:
                if entry[0] == face:
                    break
            else:
                tally.append([face, rolled.count(face)])
        total = None
        if isinstance(faces[0], int):
            total = 0
            for face in rolled:
                total += face
        return self._remember({"kind": "roll", "die": die_id, "faces": rolled,
                               "tally": tally, "total": total})

    def _bag(self, bag_id):
        if bag_id not in self.bags:
            raise IllegalAction("no bag called " + str(bag_id))
        return self.bags[bag_id]

    def draw(self, bag_id):
        bag = self._bag(bag_id)
        token, shuffled = bag.draw_cycled(self.keep[bag_id])
        return self._remember({"kind": "draw", "bag": bag_id, "token": token,
                               "left": len(bag), "shuffled": shuffled})

    def refill(self, bag_id):
        bag = self._bag(bag_id)
        bag.refill()
        return self._remember({"kind": "refill", "bag": bag_id, "left": len(bag)})

    def set_numbers(self, size):
        if size not in dice.NUMBERED_BAG_SIZES:
            raise IllegalAction("the numbered bag holds %d to %d" % (
                dice.NUMBERED_BAG_SIZES[0], dice.NUMBERED_BAG_SIZES[-1]))
        self._add_bag("numbers", dice.numbered_bag(size), 0)
        return self._remember({"kind": "refill", "bag": "numbers", "left": size})

    def apply(self, action):
        words = action.split()
        try:
            if len(words) == 3 and words[0] == "roll":
                return self.roll(words[1], int(words[2]))
            if len(words) == 2 and words[0] == "draw":
                return self.draw(words[1])
            if len(words) == 2 and words[0] == "refill":
                return self.refill(words[1])
            if len(words) == 2 and words[0] == "numbers":
                return self.set_numbers(int(words[1]))
        except ValueError:
            raise IllegalAction("not a number in: " + action) from None
        raise IllegalAction("unknown tool action: " + action)

    def state(self):
        bags = []
        for bag_id in self.order:
            bag = self.bags[bag_id]
            bags.append({"bag": bag_id, "size": len(bag.tokens), "left": len(bag),
                         "drawn": list(bag.drawn), "remaining": bag.counts()})
        return {"history": list(self.history), "bags": bags}

    def lasting_state(self):
        """Everything the tool holds, as JSON values (``restore`` makes it again): the
        bags, the history and the random generator, so that a switch to a game's boot
        and back (pawtrack.hal.launcher) is as if the tool had stayed in memory."""
        return {
            "rng": self.rng.state,
            "bags": [[bag_id, self.bags[bag_id].state()] for bag_id in self.order],
            "history": self.history,
        }

    def restore(self, state):
        """The state ``lasting_state`` gave; ValueError (nothing changed) if it is not one."""
        try:
            bags = {}
            for bag_id, bag_state in state["bags"]:
                if bag_id not in self.bags:
                    raise ValueError("no bag called %s" % bag_id)
                bags[bag_id] = Bag.from_state(bag_state, self.rng)
            history = list(state["history"])[:HISTORY]
            rng_state = state["rng"]
        except (KeyError, TypeError, IndexError):
            raise ValueError("not the tool's state") from None
        self.rng.state = rng_state
        self.bags.update(bags)
        self.history = history
