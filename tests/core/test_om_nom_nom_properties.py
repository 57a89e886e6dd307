"""Om Nom Nom properties over thousands of seeded random games (both interpreters).

Random legal actions are played from many seeds in every mode and with every
number of colours. Checked after every action:

* every die is on a board, captured this round, or back in the pool (15 in all);
* each colour's round points are exactly its captured items: own surviving
  cards and captured cards 1, black dice 1, red dice 2; and every card played
  this round is kept by its owner, captured by someone, or discarded;
* every middle card played under a top animal of its board is captured or
  discarded, and every other card survives;
* solo: each virtual deck is a permutation of the six cards and is played in
  its order; every colour plays each card once per round;
* the round totals add up to the final totals and the winners follow the
  tie-break.

Then the same seed gives the same game on this interpreter as a fingerprint
recorded from CPython (so CPython and MicroPython agree). MicroPython plays
fewer games than CPython to keep the suite fast.
"""

import sys
import unittest

import sizes

from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.om_nom_nom.chains import CARDS
from pawtrack.games.om_nom_nom.rules import DICE, EATEN, LOST, OmNomNom, winners_of
from pawtrack.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
GAMES_PER_SETUP = sizes.count(250, 15)
SETUPS = (
    {"mode": "solo", "solo_rivals": 2},
    {"mode": "solo", "solo_rivals": 3},
    {"mode": "table", "players": 2},
    {"mode": "table", "players": 3},
    {"mode": "table", "players": 4},
    {"mode": "table", "players": 5},
    {"mode": "table", "players": 6},
    {"mode": "sheet", "players": 2},
    {"mode": "sheet", "players": 4},
    {"mode": "sheet", "players": 6},
)


def new_game(options, seed):
    return OmNomNom(resolve_options(OmNomNom, options), Rng(seed))


def play(options, seed, check=None):
    """A whole game of random legal actions; ``check(game, action)`` after each one."""
    game = new_game(options, seed)
    chooser = Rng(seed ^ 0x0F0F0F0F)
    while not game.is_over():
        action = chooser.choice(game.legal_actions())
        game.apply(action)
        if check is not None:
            check(game, action)
    return game


class RandomGames(unittest.TestCase):
    def check_dice(self, game):
        self.assertEqual(sum(game.dice) + sum(game.captured) + game.pool, DICE)
        self.assertTrue(min(game.dice) >= 0 and game.pool in (0, DICE))
        for symbol in range(6):
            self.assertEqual(game.dice[symbol] + game.captured[symbol], game.rolled[symbol]
                             if game.pool == 0 else 0)

    def check_points(self, game):
        kept = cards = black = red = 0
        for seat in range(game.count):
            tally = game.tally[seat]
            self.assertEqual(game.round_points(seat),
                             tally[0] + tally[1] + tally[2] + 2 * tally[3])
            kept += tally[0]
            cards += tally[1]
            black += tally[2]
            red += tally[3]
        played = sum(len(game.played[seat]) for seat in range(game.count))
        self.assertEqual(kept + cards + game.discarded, played)
        self.assertEqual(black, game.captured[0] + game.captured[2] + game.captured[4])
        self.assertEqual(red, game.captured[1] + game.captured[3] + game.captured[5])

    def check_turn(self, game):
        cards = game.last_cards
        for seat in range(game.count):
            card = cards[seat]
            kind = game.outcomes[seat][0]
            under_a_top = card % 2 == 1 and (card - 1) in cards
            if under_a_top:
                self.assertTrue(kind == EATEN or kind == LOST)
            else:
                self.assertTrue(kind != EATEN and kind != LOST)

    def check_hands(self, game):
        for seat in range(game.count):
            played = game.played[seat]
            self.assertEqual(len(set(played)), len(played))
            # Cards are put down when the turn is revealed (table entries wait in ``entered``).
            self.assertEqual(len(played), game.turn - 1 if game.phase == "play" else 0)
            if game.solo and seat and game.decks[seat] is not None:
                self.assertEqual(sorted(game.decks[seat]), [0, 1, 2, 3, 4, 5])
                self.assertEqual(played, game.decks[seat][:len(played)])

    def run_setup(self, options, first_seed):
        resolved = [0]
        rounds = []

        def check(game, action):
            self.check_dice(game)
            self.check_points(game)
            self.check_hands(game)
            if game.turns_resolved > resolved[0]:
                resolved[0] = game.turns_resolved
                self.check_turn(game)
            if action.startswith("play ") and game.phase == "play" and game.turn == 6:
                # Before the last turn every colour has exactly one card left.
                for seat in range(game.count):
                    if game.solo or seat >= game.current_seat():
                        self.assertEqual(len(game.hand(seat)), 1)

        for seed in range(first_seed, first_seed + GAMES_PER_SETUP):
            resolved[0] = 0
            game = play(options, seed, check)
            totals = [game.total(seat) for seat in range(game.count)]
            bests = [game.best_round(seat) for seat in range(game.count)]
            for seat in range(game.count):
                self.assertEqual(len(game.scores[seat]), 3)
            winners, tie_break = winners_of(totals, bests)
            names = [game.seats[seat] for seat in winners]
            self.assertEqual(game.result["winners"], names)
            self.assertEqual(game.result["tie_break"], tie_break)
            if game.mode != "sheet":
                self.assertEqual(game.turns_resolved, 18)
            rounds.append(tie_break)
        return rounds

    def test_solo_games(self):
        self.run_setup(SETUPS[0], 1)
        self.run_setup(SETUPS[1], 1001)

    def test_table_games(self):
        breaks = []
        for index in range(2, 7):
            breaks += self.run_setup(SETUPS[index], 2001 + 1000 * index)
        self.assertIn("none", breaks)

    def test_sheet_games(self):
        for index in range(7, 10):
            self.run_setup(SETUPS[index], 9001 + 1000 * index)

    def test_every_card_is_played_once_per_round(self):
        for options in SETUPS[:7]:
            for seed in range(10 if MICROPYTHON else 60):
                game = new_game(options, seed)
                chooser = Rng(seed)
                rounds = {}
                while not game.is_over():
                    for event in game.apply(chooser.choice(game.legal_actions())):
                        if event["ev"] == "reveal":
                            for seat, card in event["cards"].items():
                                rounds.setdefault((event["round"], seat), []).append(card)
                self.assertEqual(len(rounds), 3 * game.count)
                for cards in rounds.values():
                    self.assertEqual(sorted(cards), sorted(CARDS))


def snapshot(game):
    """What an action could change, cheaply: a refused action must leave it equal."""
    return (game.phase, game.round, game.turn, game.pool, tuple(game.dice), tuple(game.entered),
            tuple(tuple(played) for played in game.played), game.turns_resolved,
            tuple(tuple(scores) for scores in game.scores), game.rng.state, game.revealed)


def candidates(game):
    """Every action a host might try now: the legal ones and many that are not."""
    found = ["roll", "roll 1", "play", "play fox", "total", "total -1", "total 07", "",
             "total %d" % (game.max_total() + 1)]
    for card in CARDS:
        found.append("play " + card)
    for points in range(0, game.max_total() + 1, 7):
        found.append("total %d" % points)
    return found


class LegalActions(unittest.TestCase):
    def test_apply_refuses_everything_legal_actions_does_not_list(self):
        tried = [0, 0]
        for options in SETUPS:
            for seed in range(2 if MICROPYTHON else 12):
                game = new_game(options, seed)
                chooser = Rng(seed + 5)
                while not game.is_over():
                    legal = game.legal_actions()
                    before = snapshot(game)
                    for action in candidates(game):
                        if action in legal:
                            tried[0] += 1
                            continue
                        with self.assertRaises(IllegalAction):
                            game.apply(action)
                        self.assertEqual(snapshot(game), before, action)
                        tried[1] += 1
                    game.apply(chooser.choice(legal))
                self.assertEqual(game.legal_actions(), [])
        self.assertTrue(tried[0] > 100 and tried[1] > 1000)


# Recorded from CPython (the sheet game again when its maximum became 3 x colours
# + 33): (options, seed) -> rolls of each round, then every seat's round scores.
FINGERPRINTS = (
    ({"mode": "solo", "solo_rivals": 3}, 11,
     [(2, 2, 2, 6, 1, 2), (5, 2, 4, 3, 0, 1), (1, 4, 5, 0, 3, 2)],
     [[14, 16, 9], [13, 12, 13], [13, 12, 15], [9, 5, 8]]),
    ({"mode": "table", "players": 5}, 12,
     [(2, 3, 5, 1, 2, 2), (2, 3, 1, 3, 3, 3), (1, 4, 3, 2, 3, 2)],
     [[13, 13, 10], [10, 6, 4], [8, 7, 13], [13, 7, 14], [5, 8, 11]]),
    ({"mode": "sheet", "players": 4}, 13,
     [(2, 2, 2, 6, 1, 2), (4, 5, 0, 3, 2, 1), (3, 4, 4, 4, 0, 0)],
     [[26, 12, 42], [11, 6, 5], [35, 29, 22], [9, 43, 12]]),  # totals 0-45: 3 x 4 + 33
)


class SameGameEverywhere(unittest.TestCase):
    def test_same_seed_same_game_on_every_interpreter(self):
        for options, seed, rolls, scores in FINGERPRINTS:
            game = new_game(options, seed)
            chooser = Rng(seed + 1000)
            seen = []
            while not game.is_over():
                action = chooser.choice(game.legal_actions())
                game.apply(action)
                if action == "roll":
                    seen.append(tuple(game.rolled))
            self.assertEqual(seen, rolls, options)
            self.assertEqual([game.scores[seat] for seat in range(game.count)], scores, options)

    def test_card_names_are_the_protocol_words(self):
        self.assertEqual(" ".join(CARDS), "wolf rabbit cat mouse hedgehog frog")


if __name__ == "__main__":
    unittest.main()
