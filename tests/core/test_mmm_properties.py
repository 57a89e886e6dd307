"""Mmm! properties over many seeded random games (runs on both interpreters).

Each game gets random options and plays random legal actions. After every
action: chips never exceed an item's squares and never come off, the dice on
the board are legal (food, one per square, the line), the cat never moves back
and moves at most one step a turn, and the action log replays to the same
state. Every game ends within a bound, and afterwards nothing is accepted.
Along the way, random junk and near-miss actions are refused without changing
anything.

GAMES is sized for about two seconds on CPython; MicroPython (the WebAssembly
runner) is 20-50 times slower, so it plays a tenth of them.
"""

import json
import unittest

import sizes

from pawtrack.game import IllegalAction
from pawtrack.games.mmm.board import in_line
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.rng import Rng

GAMES = sizes.count(1000, 100)
MAX_ACTIONS = 1000  # far above any real game: 11 cat steps and at most 24 items

LEVELS = ("board", "items", "lite")
JUNK = (
    "",
    "roll 1",
    "place",
    "place 3 0 0",
    "place 0 7 7",
    "place 0 Zz9",
    "unplace 2",
    "stop 0",
    "line maybe",
    "placed 0",
    "placed 4",
    "left 0",
    "left 50",
    "item",
    "food perhaps",
    "bust",
    "none",
    "reroll",
    "stop",
    "roll",
)


def random_options(chooser):
    return {
        "level": chooser.choice(LEVELS),
        "side": chooser.choice((1, 2)),
        "variant": chooser.choice(("normal", "line")),
        "players": chooser.between(1, 6),
        "track": chooser.choice((11, 12, 13)),
    }


def snapshot(game):
    return json.dumps(game.state())


class Checker:
    """Follows one game and checks every invariant after each action."""

    def __init__(self, test, game):
        self.test = test
        self.game = game
        self.chips = self.chip_counts()
        self.cat = game.cat
        self.turn = game.turn
        self.turn_start_cat = game.cat

    def chip_counts(self):
        board = self.game.board
        return list(board.covered_count) if board is not None else []

    def after_action(self):
        game = self.game
        check = self.test.assertTrue
        board = game.board
        chips = self.chip_counts()
        for item, count in enumerate(chips):
            check(self.chips[item] <= count <= board.sizes[item], "chips %d" % item)
        if board is not None and board.with_squares:
            self.test.assertEqual(sum(board.covered), sum(chips))
        self.chips = chips
        pending = game.pending()
        self.test.assertLessEqual(len(pending), 3)
        if board is not None and board.with_squares:
            self.test.assertEqual(len(pending), len(set(pending)))  # one die per square
        if board is not None:
            for die in range(3):
                target = game.target[die]
                if target is None:
                    continue
                item = board.item_of[target] if board.with_squares else target
                self.test.assertEqual(board.foods[item], game.faces[die])
                if board.with_squares:
                    check(not board.covered[target], "die on a chip")
                check(board.free_left(item, pending) >= 0, "too many dice on an item")
            if board.with_squares and game.line:
                check(in_line(pending, board.cols), "pending dice off the line")
        check(game.cat >= self.cat, "the cat moved back")
        check(game.cat <= self.cat + 1, "the cat moved two steps at once")
        if game.turn != self.turn or game.is_over():
            check(game.cat - self.turn_start_cat <= 1, "more than one step in a turn")
            self.turn = game.turn
            self.turn_start_cat = game.cat
        self.cat = game.cat
        check(game.cat <= game.track, "the cat went past the pantry")


class PropertiesTest(unittest.TestCase):
    def test_random_games(self):
        chooser = Rng(20261121)
        ended = 0
        for number in range(GAMES):
            options = random_options(chooser)
            seed = chooser.next32()
            self.play(options, seed, chooser, number)
            ended += 1
        self.assertEqual(ended, GAMES)

    def play(self, options, seed, chooser, number):
        game = MmmGame(options, Rng(seed))
        checker = Checker(self, game)
        log = []
        while not game.is_over():
            self.assertLess(len(log), MAX_ACTIONS, "game %d does not end" % number)
            actions = game.legal_actions()
            self.assertTrue(actions, "no legal action in phase " + game.phase)
            if chooser.below(8) == 0:
                self.refuse_junk(game, actions, chooser)
            action = chooser.choice(actions)
            game.apply(action)
            log.append(action)
            checker.after_action()
        self.check_result(game)
        self.assertEqual(game.legal_actions(), [])
        for action in ("roll", "reroll", "stop", "item yes", "left 3", "place 0 0 0"):
            with self.assertRaises(IllegalAction):
                game.apply(action)
        again = MmmGame(options, Rng(seed))
        for action in log:
            again.apply(action)
        self.assertEqual(snapshot(again), snapshot(game))

    def refuse_junk(self, game, actions, chooser):
        before = snapshot(game)
        for junk in JUNK:
            if junk in actions:
                continue
            with self.assertRaises(IllegalAction):
                game.apply(junk)
        # Near misses: a legal action with one word changed.
        action = chooser.choice(actions)
        words = action.split()
        words[-1] = words[-1] + "9"
        near = " ".join(words)
        if near not in actions:
            with self.assertRaises(IllegalAction):
                game.apply(near)
        self.assertEqual(snapshot(game), before)

    def check_result(self, game):
        result = game.state()["result"]
        self.assertIsNotNone(result)
        if result["won"]:
            self.assertEqual(result["distance"], game.track - game.cat)
            self.assertGreaterEqual(result["distance"], 1)
            if game.board is not None:
                self.assertTrue(game.board.all_covered())
        else:
            self.assertEqual(game.cat, game.track)
            self.assertGreaterEqual(result["pieces_left"], 1)
            if game.board is not None:
                self.assertEqual(result["pieces_left"], game.board.pieces_left())
