"""Mouse Chaos properties over many seeded random games (both interpreters).

Random legal actions are played from many seeds; after every action the
invariants below must hold. MicroPython (the WebAssembly build) runs fewer
games and a shorter holder sequence than CPython, to keep the suite fast; the
statistical thresholds are the same.
"""

import json
import unittest

import sizes

from pawtrack import dice
from pawtrack.game import resolve_options
from pawtrack.games.mouse_chaos.rules import COLOURS, NEST_SIZE, MouseChaos
from pawtrack.rng import Rng

GAMES = sizes.count(200, 80)
MAX_ACTIONS = 250
SHUFFLES = sizes.count(6000, 3000)
DRAWS_PER_SHUFFLE = len(dice.MOUSE_CHAOS_HOLDERS) - dice.MOUSE_CHAOS_HOLDERS_KEEP
CHI2_3_DF_0_001 = 16.266


def holder_counts():
    counts = {}
    for number in dice.MOUSE_CHAOS_HOLDERS:
        counts[number] = counts.get(number, 0) + 1
    return counts


def random_options(rng):
    return resolve_options(MouseChaos, {
        "players": rng.choice((2, 3, 4)),
        "colours": rng.choice(("open", "secret")),
        "show_holders": rng.choice((False, True)),
        "catches": rng.choice((False, True)),
    })


class HolderCycleChecker:
    """Follows draw/shuffle events and checks the bag rule of docs/rules/mouse_chaos.md 2.1."""

    def __init__(self, test):
        self.test = test
        self.held = holder_counts()
        self.seen = {}
        self.draws = 0
        self.cycles = 0

    def event(self, event):
        if event["ev"] == "shuffle":
            self.test.assertEqual(self.draws, DRAWS_PER_SHUFFLE)
            self.seen = {}
            self.draws = 0
            self.cycles += 1
        elif event["ev"] == "draw":
            number = event["number"]
            self.seen[number] = self.seen.get(number, 0) + 1
            self.test.assertTrue(self.seen[number] <= self.held.get(number, 0),
                                 "holder %r drawn too often" % number)
            self.draws += 1
            self.test.assertTrue(self.draws <= DRAWS_PER_SHUFFLE)
            self.test.assertEqual(event["left"], len(dice.MOUSE_CHAOS_HOLDERS) - self.draws)


class RandomGames(unittest.TestCase):
    def check_state(self, game, state, options):
        total = 0
        for nest in state["nests"]:
            self.assertTrue(1 <= nest["mice"] <= NEST_SIZE)
            if state["phase"] == "turn":
                self.assertTrue(nest["mice"] < NEST_SIZE)
            total += nest["mice"]
        self.assertEqual(total + state["on_board"], 16)
        self.assertTrue(state["on_board"] >= 0)
        self.assertIn(state["step"], (1, 2, 3))
        self.assertTrue(1 <= state["player"] <= options["players"])
        if options["colours"] == "secret" and not state["over"]:
            text = json.dumps(state)
            for colour in COLOURS:
                self.assertNotIn(colour, text)
        self.assertEqual(state["over"], game.legal_actions() == [])

    def play_one(self, seed):
        chooser = Rng(seed ^ 0x5A5A)
        options = random_options(chooser)
        game = MouseChaos(options, Rng(seed))
        holders = HolderCycleChecker(self)
        last_player = game.state()["player"]
        for _ in range(MAX_ACTIONS):
            actions = game.legal_actions()
            if not actions:
                break
            events = game.apply(chooser.choice(actions))
            for event in events:
                holders.event(event)
                if options["colours"] == "secret" and event["ev"] != "win":
                    self.assertNotIn("colour", event)
                if event["ev"] == "turn":
                    self.assertEqual(event["player"], last_player % options["players"] + 1)
                    last_player = event["player"]
            self.check_state(game, game.state(), options)
        return game

    def test_random_games_keep_every_invariant(self):
        over = 0
        for seed in range(GAMES):
            if self.play_one(seed).is_over():
                over += 1
        # Some games end inside the action budget; the win paths are exercised.
        self.assertTrue(over > 0)

    def test_long_holder_sequence_follows_the_bag_rule(self):
        game = MouseChaos(resolve_options(MouseChaos, {"players": 4}), Rng(2024))
        holders = HolderCycleChecker(self)
        numbers = sorted(holder_counts())
        table = [[0] * len(numbers) for _ in range(DRAWS_PER_SHUFFLE)]
        position = 0
        while holders.cycles < SHUFFLES:
            for event in game.apply("draw"):
                holders.event(event)
                if event["ev"] == "shuffle":
                    position = 0
                elif event["ev"] == "draw":
                    table[position][numbers.index(event["number"])] += 1
                    position += 1
            game.apply("skip")
            game.apply("skip")
        # The first (setup) cycle and the SHUFFLES - 1 completed ones, 5 draws each.
        held = holder_counts()
        size = len(dice.MOUSE_CHAOS_HOLDERS)
        for position in range(DRAWS_PER_SHUFFLE):
            row = table[position]
            draws = sum(row)
            statistic = 0
            for i in range(len(numbers)):
                expected = draws * held[numbers[i]] / size
                diff = row[i] - expected
                statistic += diff * diff / expected
            self.assertLess(statistic, CHI2_3_DF_0_001,
                            "position %d counts %r" % (position + 1, row))


if __name__ == "__main__":
    unittest.main()
