"""A small push-your-luck dice game used only by the tests of match and journal.

Players take turns. On your turn you roll a six-sided die as often as you like
("roll"): each roll adds to the pot, but a 1 empties the pot and ends the turn.
"stop" banks the pot. The first to reach the target wins. What is legal depends
on the state (no "stop" before the first roll of a turn), every roll comes from
the match's rng, and the game has an end, which is all the tests need.

It keeps checkpoints (pawtrack.game), with every die rolled so far in them, so
that a long match's checkpoint takes several journal records (the power-cut
tests cut inside those too); ``Uncheckpointed`` is the same game without.

The module itself is shaped like a registry entry (``ID``, ``NAME``,
``load_rules()``, ``hook(name)``), so tests can hand it to a Session or an App.
"""

from pawtrack.game import Game

ID = "counting"
NAME = "Counting"


def load_rules():
    return CountingGame


def hook(name):
    return None


class CountingGame(Game):
    OPTIONS = (
        ("players", (2, 3), 2),
        ("target", (10, 20, 30, 100), 20),
    )

    def __init__(self, options, rng):
        Game.__init__(self, options, rng)
        self.scores = [0] * options["players"]
        self.player = 0
        self.turn = 1
        self.pot = 0
        self.rolled = False
        self.winner = None
        self.rolls = bytearray()  # every die rolled, for a checkpoint that grows

    def legal_actions(self):
        if self.winner is not None:
            return []
        if self.rolled:
            return ["roll", "stop"]
        return ["roll"]

    def apply(self, action):
        self.check_legal(action)
        if action == "roll":
            return self._roll()
        return self._stop()

    def _roll(self):
        value = self.rng.between(1, 6)
        self.rolls.append(value)
        events = [{"ev": "rolled", "player": self.player, "value": value}]
        if value == 1:
            events.append({"ev": "bust", "player": self.player, "lost": self.pot})
            self._next_player()
        else:
            self.pot += value
            self.rolled = True
        return events

    def _stop(self):
        self.scores[self.player] += self.pot
        events = [{"ev": "banked", "player": self.player, "points": self.pot}]
        if self.scores[self.player] >= self.options["target"]:
            self.winner = self.player
            events.append({"ev": "won", "player": self.player})
        else:
            self._next_player()
        return events

    def _next_player(self):
        self.pot = 0
        self.rolled = False
        self.player = (self.player + 1) % len(self.scores)
        if self.player == 0:
            self.turn += 1

    def is_over(self):
        return self.winner is not None

    def state(self):
        return {
            "scores": list(self.scores),
            "player": self.player,
            "turn": self.turn,
            "pot": self.pot,
            "over": self.is_over(),
            "result": None if self.winner is None else {"winner": self.winner},
        }

    def summary(self):
        return "turn %d, P%d to play" % (self.turn, self.player + 1)

    CHECKPOINT_VERSION = 1
    CHECKPOINT_FIELDS = ("scores", "player", "turn", "pot", "rolled", "winner", "rolls")


class Uncheckpointed(CountingGame):
    """The counting game as rules without checkpoints are: rebuilt by replay alone."""

    CHECKPOINT_VERSION = 0
