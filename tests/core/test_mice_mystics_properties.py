"""Mice and Mystics properties over many seeded random chapters (both interpreters).

Each chapter is set up at random (end page, heroes, first minions, ambush or
not) and played with random legal actions, weighted so that turns and rounds
go by. Checked after every action: the wheel stays 0-5, the story track
stays inside its pages, every hero in play is on the track once and no card
twice, the cursor is on the track, no cheese is negative, the chapter is
lost exactly when the hourglass reaches the end marker or every mouse is
captured, every surge moved the hourglass, and legal_actions() is exactly
what apply() accepts (a refused action changes nothing). Replaying a
chapter's actions from its seed gives the same state, and a fixed chapter
gives the same digest on CPython and on MicroPython.
"""

import json
import unittest

import sizes

from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.mice_mystics import cards
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.rng import Rng

CHAPTERS = sizes.count(120, 12)
MAX_ACTIONS = 400
BUSY = ("move", "attack", "defend", "check", "roll", "route")
DRASTIC = ("won", "captured", "hourglass", "wheel", "endpage", "steal")
JUNK = ("", "fly", "move 0", "move 9", "attack 3", "defend", "defend x 1", "route mouse",
        "board maybe", "hero bob", "minion cat", "deal now", "endpage 0", "hourglass 99",
        "cheese nez +2", "give nez nez", "won 1", "end end", "captured", "defeated collin")


def setup_chapter(chooser, game):
    """Random chapter setup: returns the actions it took."""
    taken = []
    end = chooser.between(3, game.pages)
    taken.append("endpage %d" % end)
    if chooser.below(3) == 0:
        taken.append("hourglass %d" % chooser.between(1, end - 1))
    heroes = chooser.shuffle(list(cards.HERO_IDS))[: chooser.between(1, 4)]
    taken.extend("hero " + hero for hero in heroes)
    minions = chooser.shuffle(list(cards.MINION_IDS))[: chooser.below(3)]
    taken.extend("minion " + minion for minion in minions)
    taken.append("deal ambush" if minions and chooser.below(2) else "deal")
    for action in taken:
        game.apply(action)
    return taken


def choose(chooser, actions):
    roll = chooser.below(1000)
    if roll == 0 and "won" in actions:
        return "won"
    if len(actions) <= 16 or actions[0].startswith("defend"):
        # defence, route, encounter, round end
        return chooser.choice([a for a in actions if a != "won"])
    if roll < 300 and "end" in actions:
        return "end"
    if roll < 800:
        busy = [a for a in actions if a.split(" ")[0] in BUSY]
        if busy:
            return chooser.choice(busy)
    if roll < 960:
        calm = [a for a in actions if a.split(" ")[0] not in DRASTIC]
        return chooser.choice(calm)
    return chooser.choice([a for a in actions if a != "won"])


def new_chapter(seed, chooser):
    options = resolve_options(MiceMystics, {
        "pages": chooser.choice((8, 10, 12)),
        "overflow": chooser.choice(("reset", "keep")),
        "movement": chooser.choice(("separate", "face")),
    })
    return MiceMystics(options, Rng(seed))


class RandomChapters(unittest.TestCase):
    def check_invariants(self, game, start_end):
        self.assertTrue(0 <= game.wheel < 6)
        self.assertTrue(1 <= game.hourglass <= game.pages)
        self.assertTrue(game.end <= game.pages)
        self.assertTrue(game.end >= start_end or game.result is not None or game.end >= 2)
        for hero in game.heroes:
            self.assertEqual(game.track.count(hero), 1)
            self.assertTrue(game.cheese[hero] >= 0)
            if hero in game.captured:
                self.assertEqual(game.cheese[hero], 0)
        for card in game.track:
            self.assertEqual(game.track.count(card), 1)
            if cards.is_hero(card):
                self.assertIn(card, game.heroes)
        if game.phase in ("turn", "defence", "route", "encounter"):
            self.assertIn(game.current, game.track)
        if game.result is None:
            self.assertTrue(game.hourglass < game.end)
            self.assertTrue(len(game.active_heroes()) > 0)
            self.assertTrue(game.legal_actions())
        else:
            self.assertEqual(game.phase, "over")
            self.assertEqual(game.legal_actions(), [])
            reason = game.result["reason"]
            if reason == "hourglass":
                self.assertTrue(game.hourglass >= game.end)
            elif reason == "captured":
                self.assertEqual(game.active_heroes(), [])

    def check_refusals(self, game, chooser, legal, seen):
        """A few actions not legal now (from other phases, or junk) change nothing."""
        before = json.dumps(game.state())
        for _ in range(3):
            candidate = chooser.choice(seen) if chooser.below(3) else chooser.choice(JUNK)
            if candidate in legal:
                continue
            with self.assertRaises(IllegalAction):
                game.apply(candidate)
        self.assertEqual(json.dumps(game.state()), before)

    def play_one(self, seed):
        chooser = Rng(seed * 31 + 7)
        game = new_chapter(seed, chooser)
        actions = setup_chapter(chooser, game)
        start_end = game.end
        seen = list(actions)
        surges = 0
        hourglass_moves = 0
        for step in range(MAX_ACTIONS):
            legal = game.legal_actions()
            if not legal:
                break
            if step % 7 == 0:
                self.check_refusals(game, chooser, legal, seen)
            action = choose(chooser, legal)
            if action not in seen:
                seen.append(action)
            hourglass_before = game.hourglass
            for event in game.apply(action):
                if event["ev"] == "surge":
                    surges += 1
                elif event["ev"] == "hourglass" and event["why"] in ("surge", "capture"):
                    hourglass_moves += 1
                    self.assertEqual(event["page"], min(game.pages, hourglass_before + 1))
                    hourglass_before = event["page"]
            actions.append(action)
            self.check_invariants(game, start_end)
            self.assertEqual(game.surges, surges)
        # The same seed and actions give the same chapter.
        again = MiceMystics(game.options, Rng(seed))
        for action in actions:
            again.apply(action)
        self.assertEqual(json.dumps(again.state()), json.dumps(game.state()))
        return game, len(actions), hourglass_moves

    def test_random_chapters_keep_every_invariant(self):
        ended = 0
        rounds = 0
        for seed in range(CHAPTERS):
            game, _count, _moves = self.play_one(seed)
            if game.is_over():
                ended += 1
            rounds += game.round
        # The chapters really went on: rounds went by and some ended.
        self.assertTrue(rounds > CHAPTERS * 3, rounds)
        self.assertTrue(ended > 0)


def digest(text, value=0x811C9DC5):
    """FNV-1a, 32 bits, over the characters of ``text`` (plain integers, same everywhere)."""
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return value


def chapter_lines(seed, count):
    """One canonical line per action of a fixed random chapter (no dict ordering involved)."""
    chooser = Rng(seed + 1000)
    game = new_chapter(seed, chooser)
    setup_chapter(chooser, game)
    lines = []
    for _ in range(count):
        legal = game.legal_actions()
        if not legal:
            break
        action = choose(chooser, legal)
        game.apply(action)
        last = game.last
        faces = ",".join(last[2]) if last else ""
        numbers = ",".join(str(n) for n in last[3]) if last else ""
        cheese = ",".join("%s=%d" % (hero, game.cheese[hero]) for hero in game.heroes)
        lines.append("%s|%s|%d|%d|%d|%d|%s|%s|%s|%s|%s" % (
            action, game.phase, game.round, game.hourglass, game.end, game.wheel,
            ",".join(game.track), game.current, faces, numbers, cheese))
    return lines


# Recorded once on CPython (again after the rescue, "no minions" and free-action
# checks); the MicroPython run must give the very same numbers.
DIGESTS = {1: (300, 3268271286), 8: (139, 2904162386), 10: (283, 1540335148)}


class SameChapterEverywhere(unittest.TestCase):
    def test_the_same_seed_gives_the_same_chapter_on_every_interpreter(self):
        for seed, expected in DIGESTS.items():
            lines = chapter_lines(seed, 300)
            self.assertEqual((len(lines), digest("\n".join(lines))), expected, seed)


if __name__ == "__main__":
    unittest.main()
