"""Cat & Mouse (Chop! Chop!): one named test per rule of docs/rules/chop.md (both interpreters).

Test names start with the section of docs/rules/chop.md they check (5.1, 5.2, ...).
"""

import json
import unittest

from pawtrack import dice, games
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.chop.rules import Chop
from pawtrack.journal import Journal
from pawtrack.match import Match
from pawtrack.memfiles import MemoryFiles
from pawtrack.rng import Rng


def new_game(seed=1, **options):
    return Chop(resolve_options(Chop, options), Rng(seed))


def replay(rules, options, seed, actions):
    """The last event's tile of ``actions`` played on a fresh game (no journal)."""
    game = rules(resolve_options(rules, options), Rng(seed))
    events = []
    for action in actions:
        events = game.apply(action)
    return events[0]["tile"]


def turn(game):
    return game.state()["turn"]


def who(game):
    state = turn(game)
    return "cat" if state["side"] == "cat" else "m%d" % state["mouse_player"]


def play(game, tiles=()):
    """One whole turn: roll, name the given physical tiles, end."""
    game.apply("roll")
    for tile in tiles:
        game.apply("tile " + tile)
    game.apply("end")


def set_counter(game, name, value):
    while game.state()[name] < value:
        game.apply(name + " +1")


class DiceAndTiles(unittest.TestCase):
    def test_game_is_registered_with_id_and_name(self):
        self.assertIs(games.find("chop").load_rules(), Chop)
        self.assertEqual(games.find("chop").NAME, "Cat & Mouse")

    def test_5_1_each_side_rolls_its_own_die(self):
        game = new_game(seed=2)
        seen = {"mouse": {}, "cat": {}}
        for _ in range(300):
            side = turn(game)["side"]
            event = game.apply("roll")[0]
            self.assertEqual(event["die"], "chop_" + side)
            seen[side][event["value"]] = True
            game.apply("end")
        self.assertEqual(sorted(seen["mouse"]), sorted(set(dice.CHOP_MOUSE)))
        self.assertEqual(sorted(seen["cat"]), sorted(set(dice.CHOP_CAT)))

    def test_5_1_dice_faces(self):
        self.assertEqual(dice.CHOP_CAT, (1, 1, 2, 2, 2, 3))
        self.assertEqual(dice.CHOP_MOUSE, (1, 1, 2, 2, 3, 4))

    def test_5_1_thirty_eight_tiles_ten_of_them_cheese(self):
        game = new_game(tiles="digital")
        tiles = game.state()["tiles"]
        self.assertEqual(tiles["left"], 38)
        self.assertEqual(tiles["remaining"][0], ["cheese", 10])
        total = 0
        for _token, count in tiles["remaining"]:
            total += count
        self.assertEqual(total, 38)

    def test_5_1_the_tile_split_is_a_configurable_mix(self):
        names = [name for name, _values, _default in Chop.OPTIONS]
        self.assertEqual(names, ["players", "tiles", "mix", "plates", "plus1_tiles",
                                 "plus2_tiles", "arrows", "forks", "knives", "rolls"])
        self.assertEqual(dict((n, v) for n, v, _d in Chop.OPTIONS)["mix"], ("default", "own"))
        with self.assertRaises(ValueError):
            new_game(mix="nonsense")

    def test_5_1_the_owner_sets_the_mix_in_the_options(self):
        own = {"mix": "own", "plates": 9, "plus1_tiles": 6, "plus2_tiles": 4,
               "arrows": 3, "forks": 2, "knives": 4}
        game = new_game(seed=4, tiles="digital", **own)
        remaining = game.state()["tiles"]["remaining"]
        self.assertEqual(remaining, [["cheese", 10], ["plate", 9], ["plus1", 6], ["plus2", 4],
                                     ["arrow", 3], ["fork", 2], ["knife", 4]])
        game.apply("roll")
        seen = []
        while "flip" in game.legal_actions():
            seen.append(game.apply("flip")[0]["tile"])
        self.assertEqual(sorted(seen).count("knife"), 4)
        self.assertEqual(len(seen), 38)
        # The counts are used only with mix "own": the default mix is the guess.
        guess = new_game(tiles="digital", plates=0)
        self.assertEqual(guess.state()["tiles"]["remaining"][1], ["plate", 10])
        for name, values, _default in Chop.OPTIONS[3:9]:
            self.assertEqual(values, tuple(range(16)), name)
        self.assertEqual([d for _n, _v, d in Chop.OPTIONS[3:9]], [10, 5, 4, 3, 3, 3])


class TurnOrder(unittest.TestCase):
    def test_5_2_two_players_alternate_mouse_and_cat(self):
        game = new_game(seed=3, players=2)
        order = []
        for _ in range(6):
            order.append(who(game))
            play(game)
        self.assertEqual(order, ["m1", "cat", "m1", "cat", "m1", "cat"])

    def test_5_2_mouse_players_rotate_clockwise(self):
        game = new_game(seed=4, players=5)
        order = []
        for _ in range(10):
            order.append(who(game))
            play(game)
        self.assertEqual(order, ["m1", "cat", "m2", "cat", "m3", "cat", "m4", "cat", "m1", "cat"])

    def test_5_2_one_roll_per_turn(self):
        game = new_game()
        self.assertIn("roll", game.legal_actions())
        self.assertNotIn("end", game.legal_actions())
        game.apply("roll")
        self.assertNotIn("roll", game.legal_actions())
        with self.assertRaises(IllegalAction):
            game.apply("roll")


class TileEffects(unittest.TestCase):
    def test_5_3_mouse_takes_a_cheese_tile(self):
        game = new_game()
        game.apply("roll")
        events = game.apply("tile cheese")
        self.assertEqual(events[0]["effect"], "cheese")
        self.assertEqual(game.state()["cheese"], 1)

    def test_5_3_cat_turns_cheese_face_up(self):
        game = new_game()
        play(game)
        game.apply("roll")
        events = game.apply("tile cheese")
        self.assertEqual(events[0]["effect"], "cheese_face_up")
        self.assertEqual(game.state()["cheese"], 0)

    def test_5_3_plate_bonus_arrow_are_announced(self):
        game = new_game()
        game.apply("roll")
        tiles = ("plate", "plus1", "plus2", "arrow")
        effects = [game.apply("tile " + t)[0]["effect"] for t in tiles]
        self.assertEqual(effects, ["nothing", "bonus_1", "bonus_2", "free_move"])
        self.assertEqual(game.state()["cheese"], 0)
        self.assertEqual(who(game), "m1")

    def test_5_3_fork_helps_only_the_mice(self):
        game = new_game()
        game.apply("roll")
        self.assertEqual(game.apply("tile fork")[0]["effect"], "fork")
        game.apply("end")
        game.apply("roll")
        self.assertEqual(game.apply("tile fork")[0]["effect"], "nothing")

    def test_5_3_knife_on_a_mouse_turn_lets_the_cat_play_twice(self):
        game = new_game(players=3)
        game.apply("roll")
        events = game.apply("tile knife")
        self.assertEqual(events[1], {"ev": "knife", "side": "mouse", "plays_twice": "cat"})
        self.assertEqual(turn(game)["next"], "cat")
        game.apply("end")
        order = []
        for _ in range(4):
            order.append((who(game), turn(game)["again"]))
            play(game)
        self.assertEqual(order, [("cat", False), ("cat", True), ("m2", False), ("cat", False)])

    def test_5_3_knife_on_a_cat_turn_same_mouse_player_same_mouse_twice(self):
        game = new_game(players=3)
        play(game)
        play(game, ["knife"])
        self.assertEqual(who(game), "m2")
        self.assertTrue(turn(game)["plays_again"])
        play(game)
        self.assertEqual(who(game), "m2")
        self.assertTrue(turn(game)["again"])
        self.assertTrue(turn(game)["same_mouse"])
        game.apply("roll")
        events = game.apply("end")
        self.assertEqual(events[0]["side"], "cat")
        play(game)
        self.assertEqual(who(game), "m1")

    def test_5_3_knife_in_a_double_turn_gives_the_turns_back(self):
        game = new_game(players=2)
        play(game, ["knife"])  # mouse knifed: cat, cat
        play(game, ["knife"])  # the cat's first turn knifes: its second is lost
        order = []
        for _ in range(3):
            order.append((who(game), turn(game)["again"]))
            play(game)
        self.assertEqual(order, [("m1", False), ("m1", True), ("cat", False)])

    def test_5_3_turn_event_says_same_mouse(self):
        game = new_game(players=4)
        play(game)
        play(game, ["knife"])
        game.apply("roll")
        events = game.apply("end")
        self.assertEqual(events[0], {"ev": "turn", "turn": 4, "side": "mouse",
                                     "mouse_player": 2, "again": True, "same_mouse": True})


class WinRules(unittest.TestCase):
    def test_5_4_mice_win_home_with_ten_cheese_and_four_holes(self):
        game = new_game()
        set_counter(game, "cheese", 10)
        set_counter(game, "holes", 4)
        game.apply("roll")
        events = game.apply("home")
        self.assertEqual(events, [{"ev": "win", "winner": "mice"}])
        self.assertEqual(game.state()["result"]["winner"], "mice")
        self.assertEqual(game.legal_actions(), [])

    def test_5_4_home_is_not_a_win_without_all_cheese_and_holes(self):
        game = new_game()
        set_counter(game, "cheese", 10)
        set_counter(game, "holes", 3)
        game.apply("roll")
        self.assertEqual(game.apply("home"),
                         [{"ev": "not_home", "cheese_missing": 0, "holes_missing": 1}])
        game.apply("holes -1")
        game.apply("cheese -1")
        self.assertEqual(game.apply("home"),
                         [{"ev": "not_home", "cheese_missing": 1, "holes_missing": 2}])
        self.assertFalse(game.is_over())

    def test_5_4_only_mice_go_home(self):
        game = new_game()
        play(game)
        game.apply("roll")
        self.assertNotIn("home", game.legal_actions())

    def test_5_4_cat_wins_on_the_fourth_catch(self):
        game = new_game()
        for expected in (1, 2, 3):
            game.apply("caught +1")
            self.assertEqual(game.state()["caught"], expected)
            self.assertFalse(game.is_over())
        events = game.apply("caught +1")
        self.assertEqual(events[-1], {"ev": "win", "winner": "cat"})
        self.assertEqual(game.state()["result"]["winner"], "cat")

    def test_5_4_cat_wins_even_with_ten_cheeses_not_home(self):
        game = new_game()
        set_counter(game, "cheese", 10)
        set_counter(game, "holes", 4)
        set_counter(game, "caught", 4)
        self.assertEqual(game.state()["result"]["winner"], "cat")


class RefereeDuties(unittest.TestCase):
    def test_5_5_counters_stay_in_their_ranges(self):
        game = new_game()
        for name, top in (("cheese", 10), ("caught", 3), ("holes", 4)):
            self.assertNotIn(name + " -1", game.legal_actions())
            set_counter(game, name, top)
            if top == 10 or top == 4:
                self.assertNotIn(name + " +1", game.legal_actions())
            events = game.apply(name + " -1")
            self.assertEqual(events[0], {"ev": "counter", "counter": name,
                                         "value": top - 1, "change": -1})

    def test_5_5_digital_deck_flips_without_replacement(self):
        game = new_game(seed=5, tiles="digital")
        self.assertNotIn("tile cheese", game.legal_actions())
        game.apply("roll")
        seen = []
        while "flip" in game.legal_actions():
            seen.append(game.apply("flip")[0]["tile"])
        self.assertEqual(sorted(seen), sorted(dice.expand_mix(dice.CHOP_TILES_DEFAULT)))
        self.assertEqual(game.state()["tiles"]["left"], 0)
        self.assertEqual(game.state()["cheese"], 10)

    def test_5_5_digital_deck_applies_the_effects(self):
        game = new_game(seed=6, tiles="digital")
        game.apply("roll")
        while True:
            events = game.apply("flip")
            if events[0]["tile"] == "knife":
                break
        self.assertTrue(turn(game)["knife"])
        self.assertEqual(events[1]["plays_twice"], "cat")

    def test_5_5_physical_tiles_keep_the_remaining_mix(self):
        game = new_game()
        game.apply("roll")
        game.apply("tile knife")
        game.apply("tile knife")
        remaining = dict((t, c) for t, c in game.state()["tiles"]["remaining"])
        self.assertEqual(remaining["knife"], 1)
        self.assertEqual(game.state()["tiles"]["left"], 36)
        self.assertEqual(game.state()["tiles"]["last"], "knife")

    def test_5_5_physical_tiles_never_refuse_a_tile_the_players_turned(self):
        # The report's repro: seed 1, roll, four knives (the guess has three).
        game = new_game(seed=1)
        game.apply("roll")
        for _ in range(4):
            self.assertEqual(game.apply("tile knife")[0]["effect"], "knife")
        for _ in range(11):  # and more plates than the guess's ten
            game.apply("tile plate")
        self.assertIn("tile knife", game.legal_actions())
        remaining = dict((t, c) for t, c in game.state()["tiles"]["remaining"])
        self.assertEqual((remaining["knife"], remaining["plate"]), (0, 0))
        self.assertEqual(game.state()["tiles"]["left"], 38 - 15)
        for _ in range(30):  # past the 38 of the box: still taken, counts stop at 0
            game.apply("tile cheese")
        self.assertEqual(game.state()["tiles"]["left"], 0)
        self.assertEqual(game.state()["cheese"], 10)

    def test_5_5_left_counts_are_estimates_with_the_default_mix(self):
        game = new_game()
        self.assertTrue(game.state()["tiles"]["estimate"])
        game.apply("roll")
        self.assertTrue(game.apply("tile fork")[0]["estimate"])
        counted = new_game(mix="own")
        self.assertFalse(counted.state()["tiles"]["estimate"])
        counted.apply("roll")
        for _ in range(3):
            counted.apply("tile knife")
        self.assertFalse(counted.state()["tiles"]["estimate"])
        counted.apply("tile knife")  # one more than counted: the count was off
        self.assertTrue(counted.state()["tiles"]["estimate"])
        self.assertFalse(new_game(tiles="digital").state()["tiles"]["estimate"])

    def test_5_5_state_is_json(self):
        game = new_game(seed=7, players=5, tiles="digital")
        game.apply("roll")
        game.apply("flip")
        state = json.loads(json.dumps(game.state()))
        self.assertEqual(state["phase"], "play")
        self.assertEqual(state["tiles"]["left"], 37)


class DefaultRules(unittest.TestCase):
    def test_5_6_knife_double_turn_goes_to_the_next_mouse_player(self):
        game = new_game(players=5)
        play(game)  # m1
        play(game)  # cat
        play(game)  # m2
        play(game, ["knife"])  # cat knifed
        self.assertEqual(who(game), "m3")
        play(game)
        self.assertEqual(who(game), "m3")
        play(game)
        self.assertEqual(who(game), "cat")
        play(game)
        self.assertEqual(who(game), "m4")

    def test_5_6_cheese_never_passes_ten(self):
        game = new_game()
        set_counter(game, "cheese", 10)
        game.apply("roll")
        self.assertEqual(game.apply("tile cheese")[0]["effect"], "cheese_full")
        self.assertEqual(game.state()["cheese"], 10)

    def test_5_6_default_split_of_the_other_28_tiles(self):
        self.assertEqual(
            dice.CHOP_TILES_DEFAULT,
            (("cheese", 10), ("plate", 10), ("plus1", 5), ("plus2", 4),
             ("arrow", 3), ("fork", 3), ("knife", 3)),
        )

    def test_5_6_two_knives_in_one_turn_count_once(self):
        game = new_game(players=2)
        play(game, ["knife", "knife"])  # the mice skip one turn, not two
        order = []
        for _ in range(4):
            order.append((who(game), turn(game)["again"]))
            play(game)
        self.assertEqual(order, [("cat", False), ("cat", True), ("m1", False), ("cat", False)])

    def test_5_6_default_options(self):
        options = new_game().options
        self.assertEqual((options["players"], options["tiles"], options["mix"]),
                         (2, "physical", "default"))

    def test_5_6_a_match_saved_before_the_tile_counts_resumes(self):
        # The first release saved three options; the counts are new and default
        # to the same guess, so the saved match replays to the same game.
        actions = ["roll", "flip", "end", "roll", "flip", "flip"]
        files = MemoryFiles()
        old_options = {"players": 3, "tiles": "digital", "mix": "default"}
        journal = Journal(files, "saves/chop")
        journal.start("chop", old_options, 9, (False, ""))
        for action in actions[:3]:
            journal.append_action(action)
        match, message = Match.resume(Journal(files, "saves/chop"), lambda game_id: Chop)
        self.assertEqual(message, None)
        self.assertEqual((match.options["knives"], match.moves), (3, 3))
        match.act("roll")
        match.act("flip")
        self.assertEqual(match.act("flip")[0]["tile"], replay(Chop, old_options, 9, actions))

    def test_an_illegal_action_changes_nothing(self):
        game = new_game(seed=8)
        before = json.dumps(game.state())
        for action in ("end", "flip", "home", "cheese -1", "cheese +2", "roll roll", ""):
            with self.assertRaises(IllegalAction):
                game.apply(action)
        self.assertEqual(json.dumps(game.state()), before)


if __name__ == "__main__":
    unittest.main()
