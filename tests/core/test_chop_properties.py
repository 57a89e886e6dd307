"""Cat & Mouse properties over many seeded random games (both interpreters).

Random legal actions (weighted so that turns end often) are played from many
seeds, with the default mix or a random own mix. Checked after every action:
the counters stay in range, the digital deck never gives a tile more often
than the mix holds it, the physical "left" counts are the mix less the tiles
turned (never below 0, estimates once a kind ran over), wins happen only when the
rules allow them; and over each game's turns, knife double turns alternate as
docs/rules/chop.md 5.3 says and fresh mouse turns rotate through the mouse players.
MicroPython runs fewer games than CPython to keep the suite fast.
"""

import unittest

import sizes

from pawtrack import dice
from pawtrack.game import resolve_options
from pawtrack.games.chop.rules import COUNT_OPTIONS, Chop, tile_mix
from pawtrack.rng import Rng

GAMES = sizes.count(250, 80)
MAX_ACTIONS = 400


def other(side):
    return "cat" if side == "mouse" else "mouse"


def choose(rng, actions):
    """Mostly end turns and turn tiles; now and then anything legal."""
    roll = rng.below(100)
    if "roll" in actions:
        return "roll"
    if roll < 45 and "end" in actions:
        return "end"
    tiles = [a for a in actions if a == "flip" or a.startswith("tile ")]
    if roll < 80 and tiles:
        return rng.choice(tiles)
    return rng.choice(actions)


class RandomGames(unittest.TestCase):
    def check_turns(self, turns, mouse_players):
        """turns: [(side, mouse_player, again, knife_turned), ...] in order."""
        self.assertEqual(turns[0][:3], ("mouse", 1, False))
        fresh = 0
        for i in range(len(turns)):
            side, player, again, _knife = turns[i]
            if side == "mouse" and not again:
                self.assertEqual(player, fresh % mouse_players + 1)
                fresh += 1
            if i == 0:
                continue
            prev = turns[i - 1]
            if prev[3]:
                # The previous side turned a knife: the other side, a fresh turn.
                self.assertEqual((side, again), (other(prev[0]), False))
            elif i >= 2 and turns[i - 2][3]:
                # Second of the double turn: same side, same mouse player.
                self.assertEqual((side, player, again), (prev[0], prev[1], True))
            else:
                self.assertEqual((side, again), (other(prev[0]), False))

    def play_one(self, seed):
        chooser = Rng(seed * 7 + 1)
        given = {
            "players": chooser.choice((2, 3, 4, 5)),
            "tiles": chooser.choice(("physical", "digital")),
            "mix": chooser.choice(("default", "own")),
        }
        for name in COUNT_OPTIONS:
            given[name] = chooser.below(6)
        options = resolve_options(Chop, given)
        game = Chop(options, Rng(seed))
        digital = options["tiles"] == "digital"
        mix = {}
        for token, count in tile_mix(options):
            mix[token] = count
        turned = {}
        rolls = 0
        first = game.state()["turn"]
        turns = [[first["side"], first["mouse_player"], first["again"], False]]
        for _ in range(MAX_ACTIONS):
            actions = game.legal_actions()
            if not actions:
                break
            for event in game.apply(choose(chooser, actions)):
                if event["ev"] == "roll":
                    rolls += 1
                    self.assertEqual(rolls, 1)
                    faces = dice.CHOP_MOUSE if event["side"] == "mouse" else dice.CHOP_CAT
                    self.assertIn(event["value"], faces)
                elif event["ev"] == "tile":
                    token = event["tile"]
                    turned[token] = turned.get(token, 0) + 1
                    if digital:
                        self.assertTrue(turned[token] <= mix[token])
                elif event["ev"] == "knife":
                    turns[-1][3] = True
                elif event["ev"] == "turn":
                    rolls = 0
                    turns.append([event["side"], event["mouse_player"], event["again"], False])
                    self.assertEqual(event["same_mouse"],
                                     event["again"] and event["side"] == "mouse")
                elif event["ev"] == "win":
                    state = game.state()
                    if event["winner"] == "mice":
                        self.assertEqual((state["cheese"], state["holes"]), (10, 4))
                    else:
                        self.assertEqual(state["caught"], 4)
            state = game.state()
            self.assertTrue(0 <= state["cheese"] <= 10)
            self.assertTrue(0 <= state["caught"] <= 4)
            self.assertTrue(0 <= state["holes"] <= 4)
            left = 0
            over = False
            for token, count in state["tiles"]["remaining"]:
                self.assertEqual(count, max(0, mix[token] - turned.get(token, 0)))
                over = over or turned.get(token, 0) > mix[token]
                left += mix[token] - turned.get(token, 0)
            self.assertEqual(max(0, left), state["tiles"]["left"])
            estimate = not digital and (options["mix"] == "default" or over)
            self.assertEqual(state["tiles"]["estimate"], estimate)
        self.check_turns([tuple(t) for t in turns], options["players"] - 1)
        return turns

    def test_random_games_keep_every_invariant(self):
        doubles = 0
        for seed in range(GAMES):
            for turn in self.play_one(seed):
                if turn[2]:
                    doubles += 1
        # The knife paths were exercised, not just the plain alternation.
        self.assertTrue(doubles > GAMES // 4, doubles)


if __name__ == "__main__":
    unittest.main()
