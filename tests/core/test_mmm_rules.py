"""Mmm! rules: one named test per rule of docs/rules/mmm.md (runs on both interpreters).

Dice are forced with a scripted generator; squares are named (row, col) on the
EXAMPLE layout of side 1 (docs/rules/mmm.md 1.5), where for instance Ch1 is (1,5)+(1,6),
Fi3 is (5,0)+(5,1) and Ca1 is row 0, columns 0-3.
"""

import json
import unittest

from pawtrack.dice import MMM_FOOD
from pawtrack.game import IllegalAction
from pawtrack.games.mmm import chart, rules
from pawtrack.games.mmm.rules import MmmGame
from pawtrack.journal import Journal
from pawtrack.match import Match
from pawtrack.memfiles import MemoryFiles
from pawtrack.rng import Rng


class ScriptedRng:
    """Gives the die faces named in ``faces``, in order, to the game's rolls."""

    def __init__(self, faces):
        self.faces = list(faces)

    def add(self, *faces):
        self.faces.extend(faces)

    def below(self, n):
        if n != len(MMM_FOOD):
            raise AssertionError("unexpected draw below %d" % n)
        if not self.faces:
            raise AssertionError("the test ran out of scripted faces")
        return MMM_FOOD.index(self.faces.pop(0))


def new_game(faces=(), **options):
    """A game on the side 1 EXAMPLE board (board level unless ``level`` says otherwise)."""
    options.setdefault("level", "board")
    rng = ScriptedRng(faces)
    game = MmmGame(options, rng)
    return game, rng


def cover(game, *squares):
    """Put chips on squares (r, c) as if gathered earlier."""
    board = game.board
    for r, c in squares:
        square = r * board.cols + c
        board.covered[square] = 1
        board.covered_count[board.item_of[square]] += 1


def cover_all_but(game, keep):
    board = game.board
    for r in range(board.rows):
        for c in range(board.cols):
            if (r, c) not in keep:
                cover(game, (r, c))


def names(events):
    return [event["ev"] for event in events]


def pieces(game):
    return game.state()["pieces_left"]


class TurnFlowTest(unittest.TestCase):
    def test_first_roll_rolls_three_dice(self):
        game, _ = new_game(["cheese", "fish", "x"])
        self.assertEqual(game.legal_actions(), ["roll"])
        events = game.apply("roll")
        self.assertEqual(events[0]["dice"], [0, 1, 2])
        self.assertEqual(events[0]["faces"], ["cheese", "fish", "x"])
        self.assertEqual(game.state()["phase"], "place")

    def test_bust_on_first_roll(self):
        game, _ = new_game(["x", "x", "x"], players=2)
        events = game.apply("roll")
        self.assertEqual(names(events), ["roll", "bust", "cat", "turn"])
        self.assertEqual(game.cat, 1)
        self.assertEqual(game.player, 2)
        self.assertEqual(pieces(game), 49)

    def test_bust_when_rolled_food_is_all_gathered(self):
        game, _ = new_game(["cheese", "cheese", "x"])
        board = game.board
        for item in range(len(board.names)):
            if board.foods[item] == "cheese":
                for square in board.squares[item]:
                    cover(game, divmod(square, board.cols))
        events = game.apply("roll")
        self.assertIn("bust", names(events))
        self.assertEqual(game.cat, 1)

    def test_bust_on_reroll(self):
        game, rng = new_game(["bread", "x", "x"])
        game.apply("roll")
        game.apply("place 0 1 0")
        rng.add("x", "x")
        events = game.apply("reroll")
        self.assertEqual(names(events), ["roll", "bust", "cat", "turn"])
        self.assertEqual(events[1]["returned"], 1)
        self.assertEqual(pieces(game), 49)  # nothing gathered
        self.assertEqual(game.board.covered[1 * 7 + 0], 0)
        self.assertEqual(game.cat, 1)
        self.assertEqual(game.pending(), [])

    def test_bust_in_line_variant(self):
        game, rng = new_game(["cheese", "bread", "x"], variant="line")
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("place 1 1 0")  # row 1 is now the line: no fish there
        rng.add("fish")
        events = game.apply("reroll")
        self.assertIn("bust", names(events))
        self.assertEqual(events[1]["returned"], 2)
        self.assertEqual(game.cat, 1)
        self.assertEqual(pieces(game), 49)

    def test_same_reroll_is_fine_without_line_variant(self):
        game, rng = new_game(["cheese", "bread", "x"])
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("place 1 1 0")
        rng.add("fish")
        events = game.apply("reroll")
        self.assertNotIn("bust", names(events))

    def test_line_fixed_once_two_dice_pending(self):
        game, _ = new_game(["cheese", "bread", "fish"], variant="line")
        game.apply("roll")
        game.apply("place 0 1 5")
        bread = [a for a in game.legal_actions() if a.startswith("place 1 ")]
        self.assertEqual(sorted(bread), ["place 1 1 0", "place 1 1 1", "place 1 3 5"])
        fish = [a for a in game.legal_actions() if a.startswith("place 2 ")]
        self.assertEqual(sorted(fish), ["place 2 0 5", "place 2 2 5"])  # column 5
        game.apply("place 1 1 0")
        self.assertEqual([a for a in game.legal_actions() if a.startswith("place")], [])
        with self.assertRaises(IllegalAction):
            game.apply("place 2 0 5")

    def test_must_place_one_die_before_reroll_or_stop(self):
        game, _ = new_game(["cheese", "fish", "x"])
        game.apply("roll")
        self.assertNotIn("stop", game.legal_actions())
        self.assertNotIn("reroll", game.legal_actions())
        for action in ("stop", "reroll"):
            with self.assertRaises(IllegalAction):
                game.apply(action)

    def test_placing_more_dice_is_optional(self):
        game, _ = new_game(["cheese", "fish", "x"])
        game.apply("roll")
        game.apply("place 0 1 5")
        events = game.apply("stop")  # the fish could have been placed too
        self.assertEqual(
            events[0], {"ev": "gather", "count": 1, "items": ["Ch1"], "squares": [[1, 5]]}
        )
        self.assertEqual(pieces(game), 48)

    def test_x_never_placed(self):
        game, _ = new_game(["x", "cheese", "x"])
        game.apply("roll")
        for action in game.legal_actions():
            self.assertFalse(action.startswith("place 0") or action.startswith("place 2"))
        with self.assertRaises(IllegalAction):
            game.apply("place 0 1 5")

    def test_food_must_match_the_square(self):
        game, _ = new_game(["cheese", "x", "x"])
        game.apply("roll")
        with self.assertRaises(IllegalAction):
            game.apply("place 0 1 0")  # bread square
        with self.assertRaises(IllegalAction):
            game.apply("place 0 0 0")  # carrot square

    def test_one_die_per_square(self):
        game, _ = new_game(["cheese", "cheese", "x"])
        game.apply("roll")
        game.apply("place 0 1 5")
        self.assertNotIn("place 1 1 5", game.legal_actions())
        with self.assertRaises(IllegalAction):
            game.apply("place 1 1 5")

    def test_covered_square_takes_no_die(self):
        game, _ = new_game(["cheese", "x", "x"])
        cover(game, (1, 5))
        game.apply("roll")
        self.assertNotIn("place 0 1 5", game.legal_actions())

    def test_reroll_only_unplaced_dice(self):
        game, rng = new_game(["bread", "x", "fish"])
        game.apply("roll")
        game.apply("place 0 1 0")
        rng.add("cheese", "carrot")
        events = game.apply("reroll")
        self.assertEqual(events[0]["dice"], [1, 2])
        self.assertEqual(events[0]["roll"], 2)
        state = game.state()
        self.assertEqual(state["dice"][0]["face"], "bread")
        self.assertEqual(state["dice"][0]["placed"], {"item": "Br1", "square": [1, 0]})
        self.assertEqual(state["dice"][1]["face"], "cheese")

    def test_unplace_only_a_die_from_this_roll(self):
        game, rng = new_game(["bread", "x", "x"])
        game.apply("roll")
        game.apply("place 0 1 0")
        self.assertIn("unplace 0", game.legal_actions())
        rng.add("fish", "x")
        game.apply("reroll")
        game.apply("place 1 5 0")
        self.assertIn("unplace 1", game.legal_actions())
        self.assertNotIn("unplace 0", game.legal_actions())
        with self.assertRaises(IllegalAction):
            game.apply("unplace 0")
        game.apply("unplace 1")
        self.assertNotIn("stop", game.legal_actions())  # nothing placed from this roll

    def test_all_three_placed_gathers_at_once(self):
        game, _ = new_game(["cheese", "cheese", "bread"], players=3)
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("place 1 1 6")
        events = game.apply("place 2 1 0")
        self.assertEqual(names(events), ["place", "gather", "item_done", "cat_stays", "turn"])
        self.assertEqual(pieces(game), 46)
        self.assertEqual(game.state()["phase"], "roll")
        self.assertEqual(game.player, 2)

    def test_third_roll_ends_the_turn(self):
        game, rng = new_game(["bread", "x", "x"])
        game.apply("roll")
        game.apply("place 0 1 0")
        rng.add("fish", "x")
        game.apply("reroll")
        game.apply("place 1 5 0")
        rng.add("carrot")
        game.apply("reroll")
        events = game.apply("place 2 0 0")
        self.assertEqual(game.rolls, 0)  # a new turn
        self.assertIn("gather", names(events))
        self.assertEqual(pieces(game), 46)

    def test_no_cat_step_after_completing_item(self):
        game, _ = new_game(["cheese", "cheese", "x"])
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("place 1 1 6")
        events = game.apply("stop")
        self.assertEqual(names(events), ["gather", "item_done", "cat_stays", "turn"])
        self.assertEqual(events[1]["item"], "Ch1")
        self.assertEqual(game.cat, 0)

    def test_cat_steps_when_no_item_completed(self):
        game, _ = new_game(["cheese", "x", "x"])
        game.apply("roll")
        game.apply("place 0 1 5")
        events = game.apply("stop")
        self.assertEqual(names(events), ["gather", "cat", "turn"])
        self.assertEqual(events[1], {"ev": "cat", "pos": 1, "distance": 10})

    def test_completing_an_item_over_several_turns(self):
        game, rng = new_game(["cheese", "x", "x"])
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("stop")
        rng.add("cheese", "x", "x")
        game.apply("roll")
        game.apply("place 0 1 6")
        events = game.apply("stop")
        self.assertIn("item_done", names(events))
        self.assertEqual(game.cat, 1)

    def test_two_items_completed_still_no_bonus(self):
        game, _ = new_game(["cheese", "cheese", "fish"])
        cover(game, (1, 5), (2, 6), (5, 0))
        game.apply("roll")
        game.apply("place 0 1 6")
        game.apply("place 1 3 6")
        events = game.apply("place 2 5 1")
        self.assertEqual(names(events).count("item_done"), 3)
        self.assertEqual(game.cat, 0)

    def test_win_when_every_square_covered(self):
        game, _ = new_game(["cheese", "cheese", "x"])
        cover_all_but(game, [(1, 5), (1, 6)])
        game.cat = 5
        game.apply("roll")
        game.apply("place 0 1 5")
        game.apply("place 1 1 6")
        events = game.apply("stop")
        self.assertEqual(names(events), ["gather", "item_done", "end"])
        self.assertEqual(
            events[-1],
            {"ev": "end", "won": True, "distance": 6, "pieces_left": 0, "rating": "incredible"},
        )
        self.assertEqual(game.cat, 5)
        self.assertTrue(game.is_over())

    def test_eleventh_step_loses(self):
        game, _ = new_game(["x"] * 33)
        for step in range(1, 11):
            game.apply("roll")
            self.assertEqual(game.cat, step)
            self.assertFalse(game.is_over())
        events = game.apply("roll")
        self.assertEqual(names(events), ["roll", "bust", "cat", "end"])
        self.assertEqual(game.cat, 11)
        result = game.state()["result"]
        self.assertFalse(result["won"])
        self.assertEqual(result["pieces_left"], 49)
        self.assertEqual(result["rating"], "pantry_full")
        self.assertEqual(result["turns"], 11)

    def test_longer_track_option(self):
        game, _ = new_game(["x"] * 39, track=13)
        for _ in range(12):
            game.apply("roll")
        self.assertFalse(game.is_over())
        self.assertEqual(game.state()["distance"], 1)
        game.apply("roll")
        self.assertTrue(game.is_over())

    def test_loss_counts_pieces_left_after_gathering(self):
        game, _ = new_game(["cheese", "x", "x"])
        cover_all_but(game, [(1, 5), (1, 6), (0, 0)])
        game.cat = 10
        game.apply("roll")
        game.apply("place 0 1 5")
        events = game.apply("stop")
        self.assertEqual(events[-1]["ev"], "end")
        self.assertEqual(events[-1]["pieces_left"], 2)
        self.assertEqual(events[-1]["rating"], "nobody_starves")

    def test_players_rotate(self):
        game, _ = new_game(["x"] * 12, players=3)
        seen = []
        for _ in range(4):
            seen.append(game.state()["player"])
            game.apply("roll")
        self.assertEqual(seen, [1, 2, 3, 1])

    def test_nothing_accepted_after_end(self):
        game, _ = new_game(["x"] * 33)
        for _ in range(11):
            game.apply("roll")
        self.assertEqual(game.legal_actions(), [])
        for action in ("roll", "stop", "reroll", "place 0 1 5"):
            with self.assertRaises(IllegalAction):
                game.apply(action)

    def test_bad_actions_change_nothing(self):
        game, _ = new_game(["cheese", "fish", "x"])
        game.apply("roll")
        before = json.dumps(game.state())
        for action in (
            "",
            "place",
            "place 9 1 5",
            "place 0 a b",
            "place 0 1 5 6",
            "place 0 9 9",
            "unplace 0",
            "roll",
            "line yes",
            "placed 1",
            "jump",
            "stop now",
            7,
            None,
        ):
            with self.assertRaises(IllegalAction):
                game.apply(action)
            self.assertEqual(json.dumps(game.state()), before)

    def test_place_order_completes_soonest_first(self):
        game, _ = new_game(["carrot", "cheese", "x"])
        cover(game, (0, 0), (0, 1), (0, 2))  # Ca1 has one square left
        game.apply("roll")
        actions = game.legal_actions()
        self.assertEqual(actions[0], "place 0 0 3")
        self.assertEqual(actions[1:3], ["place 1 1 5", "place 1 1 6"])  # Ch1: 2 left

    def test_same_seed_same_game(self):
        def play(seed):
            game = MmmGame({"level": "board"}, Rng(seed))
            log = []
            while not game.is_over():
                action = game.legal_actions()[0]
                log.append((action, game.apply(action)))
            return log

        self.assertEqual(play(5), play(5))
        self.assertNotEqual(play(5), play(6))

    def test_bad_options_rejected(self):
        with self.assertRaises(ValueError):
            MmmGame({"side": 3}, Rng(1))
        with self.assertRaises(ValueError):
            MmmGame({"players": 7}, Rng(1))
        with self.assertRaises(ValueError):
            MmmGame({"level": "board", "layout": "own", "side": 2}, Rng(1))  # none installed

    def test_state_names_everything(self):
        game, _ = new_game(["cheese", "x", "fish"], side=2, players=4, variant="line")
        game.apply("roll")
        game.apply("place 0 2 0")
        state = game.state()
        for key in (
            "side",
            "level",
            "variant",
            "cat",
            "distance",
            "track",
            "items",
            "dice",
            "phase",
            "player",
            "players",
            "over",
            "result",
            "bust_risk",
        ):
            self.assertIn(key, state)
        self.assertEqual((state["side"], state["variant"], state["players"]), (2, "line", 4))
        self.assertEqual(len(state["items"]), 13)
        ch2 = [item for item in state["items"] if item["name"] == "Ch2"][0]
        self.assertEqual(
            (ch2["food"], ch2["size"], ch2["covered"], ch2["pending"]), ("cheese", 3, 0, 1)
        )
        self.assertEqual(ch2["squares"], [[2, 0], [2, 1], [2, 2]])
        self.assertEqual(state["dice"][0]["placed"]["square"], [2, 0])
        self.assertEqual(state["bust_risk"], [1, 36])  # row 2 + column 0 hold every food
        json.dumps(state)


class DefaultsTest(unittest.TestCase):
    def test_die_has_five_foods_and_a_red_x(self):
        self.assertEqual(MMM_FOOD, ("bread", "fish", "cucumber", "cheese", "carrot", "x"))

    def test_default_options(self):
        # Lite by default: it fits any box; board and items need the owner's layout.
        options = MmmGame({}, Rng(1)).options
        self.assertEqual(
            options,
            {"level": "lite", "side": 1, "variant": "normal", "players": 2, "track": 11,
             "layout": "example", "rolls": "device"},
        )

    def test_a_match_saved_before_the_lite_default_resumes_at_its_level(self):
        # A save holds its complete options, so a new default changes no old match.
        files = MemoryFiles()
        journal = Journal(files, "saves/mmm")
        saved = {"level": "board", "side": 1, "variant": "normal", "players": 2, "track": 11,
                 "layout": "example"}
        journal.start("mmm", saved, 55, (False, ""))
        journal.append_action("roll")
        journal.append_action("place 0 1 5")
        match, message = Match.resume(Journal(files, "saves/mmm"), lambda game_id: MmmGame)
        self.assertEqual(message, None)
        self.assertEqual(match.game.level, "board")
        self.assertEqual(match.game.state()["dice"][0]["placed"]["square"], [1, 5])

    def test_cat_starts_on_the_start_space_player_1_rolls_first(self):
        state = MmmGame({}, Rng(1)).state()
        self.assertEqual(
            (state["cat"], state["distance"], state["player"], state["turn"], state["rolls"]),
            (0, 11, 1, 1, 0),
        )


class SideTwoTest(unittest.TestCase):
    def test_side_2_sizes(self):
        game, _ = new_game([], side=2)
        sizes = game.board.sizes
        self.assertEqual((min(sizes), max(sizes)), (2, 5))
        self.assertEqual(sum(sizes), 49)
        side1, _ = new_game([], side=1)
        self.assertEqual((min(side1.board.sizes), max(side1.board.sizes)), (2, 4))

    def test_side_2_five_square_item_needs_five_dice(self):
        game, rng = new_game(["carrot", "carrot", "carrot"], side=2)
        game.apply("roll")
        game.apply("place 0 0 0")
        game.apply("place 1 0 1")
        events = game.apply("place 2 0 2")
        self.assertNotIn("item_done", names(events))
        self.assertEqual(game.cat, 1)
        rng.add("carrot", "carrot", "x")
        game.apply("roll")
        game.apply("place 0 0 3")
        game.apply("place 1 0 4")
        events = game.apply("stop")
        self.assertIn({"ev": "item_done", "item": "Ca1"}, events)
        self.assertEqual(game.cat, 1)


class ItemsLevelTest(unittest.TestCase):
    def test_items_mode_flow(self):
        game, _ = new_game(["cheese", "cheese", "x"], level="items")
        game.apply("roll")
        actions = game.legal_actions()
        self.assertEqual(actions[:2], ["place 0 Ch1", "place 0 Ch2"])
        self.assertNotIn("place 2 Ch1", actions)
        events = game.apply("place 0 Ch1")
        self.assertEqual(
            events[0], {"ev": "place", "die": 0, "face": "cheese", "item": "Ch1", "square": None}
        )
        game.apply("place 1 Ch1")
        self.assertNotIn("place 0 Ch1", game.legal_actions())
        events = game.apply("stop")
        self.assertEqual(names(events), ["gather", "item_done", "cat_stays", "turn"])
        item = [entry for entry in game.state()["items"] if entry["name"] == "Ch1"][0]
        self.assertEqual(item["covered"], 2)
        self.assertNotIn("squares", item)

    def test_items_mode_full_item_takes_no_die(self):
        game, _ = new_game(["cheese", "cheese", "cheese"], level="items")
        game.apply("roll")
        game.apply("place 0 Ch1")
        game.apply("place 1 Ch1")
        with self.assertRaises(IllegalAction):
            game.apply("place 2 Ch1")
        with self.assertRaises(IllegalAction):
            game.apply("place 2 Fi1")  # wrong food

    def test_items_mode_line_confirm(self):
        game, _ = new_game(["cheese", "cheese", "fish"], level="items", variant="line")
        game.apply("roll")
        game.apply("place 0 Ch3")  # the first die needs no line question
        self.assertEqual(game.state()["phase"], "place")
        game.apply("place 1 Ch3")
        self.assertEqual(game.legal_actions(), ["line yes", "line no"])
        events = game.apply("line no")
        self.assertEqual(names(events), ["line", "unplace"])
        self.assertIsNone(game.target[1])
        game.apply("place 1 Ch4")
        game.apply("line yes")
        events = game.apply("place 2 Fi1")
        self.assertEqual(names(events), ["place"])
        events = game.apply("line yes")
        self.assertEqual(names(events), ["line", "gather", "cat", "turn"])

    def test_items_mode_players_declare_line_bust(self):
        game, rng = new_game(["cheese", "x", "x"], level="items", variant="line")
        game.apply("roll")
        self.assertNotIn("bust", game.legal_actions())  # first roll: any square fits
        game.apply("place 0 Ch1")
        rng.add("fish", "x")
        game.apply("reroll")
        self.assertIn("bust", game.legal_actions())
        events = game.apply("bust")
        self.assertEqual(names(events), ["bust", "cat", "turn"])
        self.assertEqual(pieces(game), 49)

    def test_items_mode_needs_no_squares(self):
        from pawtrack.games.mmm import layouts

        record = {"side": 1, "items": {"Ch1": 2, "Fi1": 3}}
        layouts.install(record)
        try:
            game, _ = new_game(["cheese", "cheese", "x"], level="items", layout="own")
            self.assertEqual(game.board.total, 5)
            with self.assertRaises(ValueError):
                new_game([], level="board", layout="own")
        finally:
            layouts.uninstall(1)


class LiteLevelTest(unittest.TestCase):
    def test_lite_mode_flow(self):
        game, rng = new_game(["cheese", "x", "bread"], level="lite", players=2)
        game.apply("roll")
        self.assertEqual(game.legal_actions(), ["placed 1", "placed 2", "none"])
        game.apply("placed 1")
        self.assertEqual(game.legal_actions(), ["reroll", "stop"])
        rng.add("fish", "carrot")
        events = game.apply("reroll")
        self.assertEqual(events[0]["dice"], [1, 2])
        events = game.apply("placed 2")
        self.assertEqual(names(events), ["place", "place", "gather"])
        self.assertEqual(game.legal_actions(), ["item yes", "item no"])
        game.apply("item yes")
        self.assertEqual(game.legal_actions(), ["food yes", "food no"])
        events = game.apply("food no")
        self.assertEqual(names(events), ["cat_stays", "turn"])
        self.assertEqual((game.cat, game.player), (0, 2))
        rng.add("fish", "x", "x")
        game.apply("roll")
        game.apply("placed 1")
        events = game.apply("stop")
        self.assertEqual(names(events), ["gather"])
        events = game.apply("item no")
        self.assertEqual(names(events), ["cat", "turn"])
        rng.add("fish", "fish", "fish")
        game.apply("roll")
        game.apply("placed 3")
        game.apply("item yes")
        events = game.apply("food yes")
        self.assertEqual(
            events[-1],
            {"ev": "end", "won": True, "distance": 10, "pieces_left": 0, "rating": "incredible"},
        )
        self.assertEqual(game.legal_actions(), [])

    def test_lite_all_x_busts_by_itself(self):
        game, _ = new_game(["x", "x", "x"], level="lite")
        events = game.apply("roll")
        self.assertEqual(names(events), ["roll", "bust", "cat", "turn"])

    def test_lite_none_is_a_bust(self):
        game, rng = new_game(["fish", "x", "x"], level="lite")
        game.apply("roll")
        game.apply("placed 1")
        rng.add("carrot", "bread")
        game.apply("reroll")
        events = game.apply("none")
        self.assertEqual(names(events), ["bust", "cat", "turn"])
        self.assertEqual(events[0]["returned"], 1)

    def test_lite_loss_asks_pieces_left(self):
        game, _ = new_game(["fish", "x", "x"], level="lite")
        game.cat = 10
        game.apply("roll")
        events = game.apply("none")
        self.assertEqual(names(events), ["bust", "cat"])
        self.assertEqual(game.state()["phase"], "left")
        self.assertEqual(len(game.legal_actions()), 49)
        events = game.apply("left 3")
        self.assertEqual(events[-1]["rating"], "nobody_starves")
        self.assertTrue(game.is_over())

    def test_lite_food_must_be_gone_after_24_item_turns(self):
        game, rng = new_game([], level="lite")
        for turn in range(24):
            rng.add("fish", "fish", "fish")
            game.apply("roll")
            game.apply("placed 3")
            game.apply("item yes")
            if turn < 23:
                game.apply("food no")
        self.assertEqual(game.legal_actions(), ["food yes"])
        with self.assertRaises(IllegalAction):
            game.apply("food no")
        game.apply("food yes")
        self.assertTrue(game.state()["result"]["won"])

    def test_lite_placed_counts_only_food_dice(self):
        game, _ = new_game(["fish", "x", "x"], level="lite")
        game.apply("roll")
        with self.assertRaises(IllegalAction):
            game.apply("placed 2")


class ChartTest(unittest.TestCase):
    def test_chart_thresholds_1_2_3_4_5_6_for_a_win(self):
        got = [rules.win_rating(d) for d in (1, 2, 3, 4, 5, 6, 7, 11)]
        self.assertEqual(
            got,
            [
                "phew",
                "well_done",
                "well_done",
                "extraordinary",
                "extraordinary",
                "incredible",
                "incredible",
                "incredible",
            ],
        )

    def test_chart_thresholds_1_2_3_4_5_6_for_a_loss(self):
        got = [rules.loss_rating(n) for n in (1, 2, 3, 4, 5, 6, 7, 49)]
        self.assertEqual(
            got,
            [
                "almost",
                "nobody_starves",
                "nobody_starves",
                "not_much",
                "not_much",
                "pantry_full",
                "pantry_full",
                "pantry_full",
            ],
        )

    def test_every_rating_has_a_text(self):
        for rating in (
            "phew",
            "well_done",
            "extraordinary",
            "incredible",
            "almost",
            "nobody_starves",
            "not_much",
            "pantry_full",
        ):
            self.assertTrue(chart.RATING_TEXT[rating])

    def test_win_distance_from_the_game(self):
        for cat, rating in (
            (10, "phew"),
            (8, "well_done"),
            (7, "extraordinary"),
            (6, "extraordinary"),
            (5, "incredible"),
        ):
            game, _ = new_game(["cheese", "cheese", "x"])
            cover_all_but(game, [(1, 5), (1, 6)])
            game.cat = cat
            game.apply("roll")
            game.apply("place 0 1 5")
            game.apply("place 1 1 6")
            game.apply("stop")
            self.assertEqual(game.state()["result"]["distance"], 11 - cat)
            self.assertEqual(game.state()["result"]["rating"], rating)


def result(won=True, distance=6, side=1, variant="normal", track=11, level="board"):
    return {
        "won": won,
        "distance": distance if won else 0,
        "pieces_left": 0 if won else 4,
        "rating": "",
        "side": side,
        "variant": variant,
        "level": level,
        "track": track,
    }


class LegendTest(unittest.TestCase):
    def test_mice_of_legend_two_incredible_wins_in_a_row(self):
        history = chart.History()
        self.assertFalse(history.record(result()))
        self.assertTrue(history.record(result(distance=7)))
        self.assertEqual((history.streak, history.legends), (2, 1))

    def test_mice_of_legend_broken_by_loss(self):
        history = chart.History()
        history.record(result())
        history.record(result(won=False))
        self.assertFalse(history.record(result()))
        self.assertEqual(history.streak, 1)

    def test_mice_of_legend_broken_by_win_at_distance_5(self):
        history = chart.History()
        history.record(result())
        self.assertFalse(history.record(result(distance=5)))
        self.assertEqual(history.streak, 0)
        self.assertFalse(history.record(result()))

    def test_mice_of_legend_broken_by_switching_sides(self):
        history = chart.History()
        history.record(result(side=1))
        self.assertFalse(history.record(result(side=2)))
        self.assertTrue(history.record(result(side=2)))

    def test_mice_of_legend_broken_by_switching_variant_or_track(self):
        self.assertFalse(chart.legend_earned(result(), result(variant="line")))
        self.assertFalse(chart.legend_earned(result(), result(track=13)))
        self.assertTrue(chart.legend_earned(result(), result(variant="line"), False))

    def test_history_counts_per_side_and_variant(self):
        history = chart.History()
        history.record(result(side=2, variant="line"))
        history.record(result(won=False, side=2, variant="line"))
        history.record(result(won=False))
        self.assertEqual(history.wins, {"s2-line": 1})
        self.assertEqual(history.losses, {"s2-line": 1, "s1-normal": 1})

    def test_history_json_round_trip(self):
        history = chart.History()
        history.record(result())
        again = chart.History.from_json(history.to_json())
        self.assertEqual(again.to_dict(), history.to_dict())
        self.assertTrue(again.record(result()))

    def test_history_rejects_corrupt_records(self):
        good = chart.History().to_json()
        for text in (
            "",
            "{",
            "[]",
            '{"game": "chop"}',
            good.replace('"streak": 0', '"streak": -1'),
            good.replace('"v": 1', '"v": 9'),
            good.replace('"wins": {}', '"wins": 3'),
        ):
            with self.assertRaises(ValueError):
                chart.History.from_json(text)


def place_variants(action):
    """Strings near a "place" action that a quick check might let through."""
    words = action.split(" ")
    found = [action + " ", " " + action, action.replace(" ", "  ", 1), action[:-1],
             action + "0", "place", "place ", "place 3" + action[7:], "place 9" + action[7:],
             "place " + action[6:].replace(" ", "")]
    for index in range(1, len(words)):
        for other in ("0", "1", "2", "6", "7", "-1", "01", "\u0661", "Ca1", "Zz9", ""):
            changed = list(words)
            changed[index] = other
            found.append(" ".join(changed))
    return found


class QuickLegalCheckTest(unittest.TestCase):
    """check_legal's quick test of "place" accepts exactly the legal_actions() strings;
    ranked_places is place_targets with each place's free_after."""

    def test_place_actions_are_checked_like_the_legal_list(self):
        chooser = Rng(31)
        checked = 0
        for options in ({"level": "board"}, {"level": "board", "variant": "line"},
                        {"level": "items"}, {"level": "items", "variant": "line"},
                        {"level": "board", "side": 2}):
            for seed in range(6):
                game = MmmGame(options, Rng(seed))
                for _ in range(60):
                    legal = game.legal_actions()
                    if not legal:
                        break
                    if game.phase == "place":
                        tried = []
                        for action in legal:
                            tried.append(action)
                            tried.extend(place_variants(action))
                        for die in range(4):
                            tried.append("place %d 0 0" % die)
                        for die in game.unplaced():
                            self.assertEqual(
                                game.ranked_places(die),
                                [(game.free_after(die, t), t) for t in game.place_targets(die)],
                            )
                        for action in tried:
                            if action in legal:
                                game.check_legal(action)
                            else:
                                with self.assertRaises(IllegalAction, msg=action):
                                    game.check_legal(action)
                            checked += 1
                    game.apply(legal[chooser.below(len(legal))])
        self.assertGreater(checked, 1000)
