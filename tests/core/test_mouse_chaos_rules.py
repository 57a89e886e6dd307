"""Mouse Chaos: one named test per rule of docs/rules/mouse_chaos.md (both interpreters).

Test names start with the section of docs/rules/mouse_chaos.md they check (2.1, 2.2, ...).
"""

import json
import unittest

from pawtrack import dice, games
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.mouse_chaos.rules import COLOURS, NESTS, MouseChaos
from pawtrack.rng import Rng


def new_game(seed=1, **options):
    return MouseChaos(resolve_options(MouseChaos, options), Rng(seed))


def nest_info(game, name):
    for nest in game.state()["nests"]:
        if nest["nest"] == name:
            return nest
    raise KeyError(name)


def nest_of_colour(game, colour):
    for nest in range(len(NESTS)):
        if game.colour[nest] == colour:
            return NESTS[nest]
    raise KeyError(colour)


def player_nest(game, player):
    return NESTS[game.seat[player - 1]]


def non_player_nests(game):
    return [NESTS[n] for n in range(len(NESTS)) if game.owner[n] is None]


def to_step_2(game):
    game.apply("draw")


def fill(game, nest, upto):
    """Let whole turns pass, one mouse entering ``nest`` each, until it holds ``upto``."""
    while nest_info(game, nest)["mice"] < upto:
        to_step_2(game)
        game.apply("enter " + nest)
        if game.state()["phase"] == "turn":
            game.apply("skip")


class SetupRules(unittest.TestCase):
    def test_game_is_registered_with_id_and_name(self):
        module = games.find("mouse_chaos")
        self.assertIs(module.load_rules(), MouseChaos)
        self.assertEqual(module.NAME, "Mouse Chaos")
        self.assertTrue(len(module.NAME) <= 16)

    def test_2_1_four_colours_default_names(self):
        self.assertEqual(COLOURS, ("red", "yellow", "green", "blue"))
        game = new_game()
        self.assertEqual(sorted(n["colour"] for n in game.state()["nests"]), sorted(COLOURS))

    def test_2_1_every_nest_starts_with_its_mother_sixteen_mice(self):
        state = new_game().state()
        self.assertEqual([n["mice"] for n in state["nests"]], [1, 1, 1, 1])
        self.assertEqual(state["on_board"], 12)

    def test_2_1_holders_are_1_2_3_3_4_4(self):
        game = new_game()
        self.assertEqual(sorted(game.holders.tokens), [1, 2, 3, 3, 4, 4])
        self.assertEqual(tuple(dice.MOUSE_CHAOS_HOLDERS), (1, 2, 3, 3, 4, 4))

    def test_2_1_holder_cycle_gathers_when_one_is_left(self):
        game = new_game(seed=3)
        shuffle_at = []
        for draw in range(1, 17):
            events = game.apply("draw")
            if events[0]["ev"] == "shuffle":
                shuffle_at.append(draw)
            game.apply("skip")
            game.apply("skip")
        self.assertEqual(shuffle_at, [6, 11, 16])
        self.assertEqual(game.state()["holders"]["shuffles"], 4)

    def test_2_2_four_players_every_nest_owned(self):
        for seed in range(20):
            state = new_game(seed, players=4).state()
            self.assertEqual(sorted(n["owner"] for n in state["nests"]), [1, 2, 3, 4])

    def test_2_2_three_players_one_non_player_nest_with_leftover_colour(self):
        for seed in range(20):
            game = new_game(seed, players=3)
            state = game.state()
            free = [n for n in state["nests"] if n["owner"] is None]
            self.assertEqual(len(free), 1)
            player_colours = [s["colour"] for s in state["seats"]]
            self.assertNotIn(free[0]["colour"], player_colours)

    def test_2_2_two_players_sit_diagonally_non_players_too(self):
        for seed in range(20):
            game = new_game(seed, players=2)
            one = NESTS.index(player_nest(game, 1))
            two = NESTS.index(player_nest(game, 2))
            self.assertEqual((two - one) % 4, 2)
            free = [NESTS.index(n) for n in non_player_nests(game)]
            self.assertEqual(len(free), 2)
            self.assertEqual((free[1] - free[0]) % 4, 2)

    def test_2_2_colours_and_corners_are_random(self):
        colours = {}
        corners = {}
        for seed in range(60):
            game = new_game(seed, players=3)
            colours[game.peek(1)["colour"]] = True
            corners[non_player_nests(game)[0]] = True
        self.assertEqual(len(colours), 4)
        self.assertEqual(len(corners), 4)

    def test_2_2_random_start_player(self):
        starts = {}
        for seed in range(40):
            starts[new_game(seed, players=4).state()["player"]] = True
        self.assertEqual(sorted(starts), [1, 2, 3, 4])

    def test_2_2_play_goes_clockwise(self):
        game = new_game(seed=5, players=4)
        order = []
        for _ in range(8):
            order.append(game.state()["player"])
            game.apply("draw")
            game.apply("skip")
            game.apply("skip")
        for i in range(1, 8):
            self.assertEqual(order[i], order[i - 1] % 4 + 1)
        # Player numbers follow the nests clockwise.
        nests = [NESTS.index(player_nest(game, p)) for p in (1, 2, 3, 4)]
        for i in range(1, 4):
            self.assertEqual(nests[i], (nests[0] + i) % 4)


class TurnRules(unittest.TestCase):
    def test_2_3_step_1_draw_is_compulsory(self):
        game = new_game()
        self.assertEqual(game.legal_actions(), ["draw"])
        with self.assertRaises(IllegalAction):
            game.apply("skip")

    def test_2_3_draw_number_is_public(self):
        game = new_game(seed=2)
        events = game.apply("draw")
        self.assertEqual(events[0]["ev"], "draw")
        self.assertEqual(game.state()["number"], events[0]["number"])
        self.assertIn(events[0]["number"], (1, 2, 3, 4))

    def test_2_3_steps_2_and_3_are_optional(self):
        game = new_game()
        player = game.state()["player"]
        game.apply("draw")
        self.assertEqual(game.state()["step"], 2)
        self.assertIn("skip", game.legal_actions())
        game.apply("skip")
        self.assertEqual(game.state()["step"], 3)
        self.assertEqual(game.legal_actions(), ["done", "skip"])
        events = game.apply("done")
        self.assertEqual(events[0], {"ev": "done", "player": player, "step": 3})
        self.assertNotEqual(game.state()["player"], player)
        self.assertEqual(game.state()["step"], 1)

    def test_2_3_mouse_entering_a_hole_ends_the_move(self):
        game = new_game()
        game.apply("draw")
        events = game.apply("enter nw")
        self.assertEqual(events[0], {"ev": "enter", "nest": "nw", "mice": 2})
        self.assertEqual(game.state()["step"], 3)
        self.assertEqual(game.state()["on_board"], 11)

    def test_2_3_nest_only_entered_in_step_2(self):
        game = new_game()
        with self.assertRaises(IllegalAction):
            game.apply("enter nw")
        game.apply("draw")
        game.apply("skip")
        with self.assertRaises(IllegalAction):
            game.apply("enter nw")

    def test_2_3_catches_only_with_the_option(self):
        game = new_game()
        game.apply("draw")
        self.assertNotIn("catch", game.legal_actions())
        game = new_game(catches=True)
        player = game.state()["player"]
        game.apply("draw")
        events = game.apply("catch")
        self.assertEqual(events[0], {"ev": "catch", "player": player, "catches": 1})
        self.assertEqual(game.state()["step"], 3)
        self.assertEqual(game.state()["catches"][player - 1], 1)


class NestRules(unittest.TestCase):
    def test_2_4_owner_wins_with_four_of_the_own_colour(self):
        game = new_game(seed=4, players=2)
        nest = player_nest(game, 1)
        fill(game, nest, 4)
        reveal = game.state()["reveal"]
        self.assertEqual(reveal["nest"], nest)
        self.assertEqual(reveal["by"], 1)
        for _ in range(3):
            self.assertEqual(game.apply("own")[0]["own"], True)
        events = game.apply("own")
        self.assertEqual(events[-1]["ev"], "win")
        self.assertEqual(events[-1]["player"], 1)
        state = game.state()
        self.assertTrue(state["over"])
        self.assertEqual(state["result"]["winner"], 1)
        self.assertFalse(state["result"]["everyone_loses"])
        self.assertEqual(game.legal_actions(), [])

    def test_2_4_wrong_colour_goes_to_that_colours_nest(self):
        game = new_game(seed=4, players=4)
        nest = player_nest(game, 2)
        fill(game, nest, 4)
        game.apply("own")
        other = game.peek(3)
        events = game.apply("colour " + other["colour"])
        self.assertEqual(events[0]["own"], False)
        self.assertEqual(events[1], {"ev": "handover", "from": nest, "to": other["nest"],
                                     "mice": 2, "colour": other["colour"]})
        self.assertEqual(nest_info(game, nest)["mice"], 3)
        self.assertEqual(nest_info(game, other["nest"])["mice"], 2)

    def test_2_4_no_winner_the_turn_goes_on_with_step_3(self):
        game = new_game(seed=4, players=4)
        nest = player_nest(game, 1)
        fill(game, nest, 4)
        active = game.state()["player"]
        game.apply("colour " + game.peek(2)["colour"])
        state = game.state()
        self.assertEqual(state["phase"], "turn")
        self.assertEqual(state["player"], active)
        self.assertEqual(state["step"], 3)

    def test_2_4_a_nest_filled_by_a_handover_is_revealed_next(self):
        game = new_game(seed=6, players=4)
        first = player_nest(game, 1)
        second = player_nest(game, 3)
        fill(game, second, 3)
        fill(game, first, 4)
        events = game.apply("colour " + game.peek(3)["colour"])
        self.assertEqual(events[-1], {"ev": "nest_full", "nest": second, "by": 3})
        reveal = game.state()["reveal"]
        self.assertEqual(reveal["nest"], second)
        self.assertEqual(reveal["mouse"], 1)
        # The chain can go on, and back: first holds 3 again.
        events = game.apply("colour " + game.peek(1)["colour"])
        self.assertEqual(events[-1], {"ev": "nest_full", "nest": first, "by": 1})

    def test_2_4_non_player_nest_is_revealed_by_the_active_player(self):
        game = new_game(seed=7, players=3)
        free = non_player_nests(game)[0]
        fill(game, free, 4)
        self.assertEqual(game.state()["reveal"]["by"], game.state()["player"])

    def test_2_4_non_player_colour_wins_and_everyone_loses(self):
        game = new_game(seed=7, players=2)
        free = non_player_nests(game)[1]
        fill(game, free, 4)
        for _ in range(4):
            events = game.apply("own")
        self.assertEqual(events[-1]["ev"], "win")
        self.assertIsNone(events[-1]["player"])
        result = game.state()["result"]
        self.assertIsNone(result["winner"])
        self.assertTrue(result["everyone_loses"])
        self.assertEqual(result["nest"], free)

    def test_2_4_default_wrong_mouse_may_go_to_a_non_player_nest(self):
        game = new_game(seed=8, players=2)
        nest = player_nest(game, 1)
        free = non_player_nests(game)[0]
        colour = nest_info(game, free)["colour"]
        fill(game, nest, 4)
        events = game.apply("colour " + colour)
        self.assertEqual(events[1]["to"], free)

    def test_2_4_the_mother_counts_like_any_mouse(self):
        game = new_game(seed=9)
        nest = player_nest(game, 1)
        fill(game, nest, 4)
        # Three arrivals plus the mother make a full nest.
        self.assertEqual(game.state()["phase"], "reveal")
        self.assertEqual(game.state()["on_board"], 9)


class SecretModeRules(unittest.TestCase):
    def test_2_5_secret_state_and_events_carry_no_colour(self):
        game = new_game(seed=10, players=4, colours="secret")
        nest = player_nest(game, 2)
        events = []
        while nest_info(game, nest)["mice"] < 4:
            events.extend(game.apply("draw"))
            events.extend(game.apply("enter " + nest))
            if game.state()["phase"] == "turn":
                events.extend(game.apply("skip"))
        events.extend(game.apply("own"))
        events.extend(game.apply("colour " + game.peek(1)["colour"]))
        text = json.dumps(game.state()) + json.dumps(events)
        for colour in COLOURS:
            self.assertNotIn(colour, text)
        for event in events:
            self.assertNotIn("colour", event)
        self.assertEqual(events[-2]["ev"], "handover")

    def test_2_5_peek_shows_a_players_colour_and_changes_nothing(self):
        game = new_game(seed=11, players=3, colours="secret")
        before = json.dumps(game.state())
        seen = [game.peek(p)["colour"] for p in (1, 2, 3)]
        self.assertEqual(len(set(seen)), 3)
        for colour in seen:
            self.assertIn(colour, COLOURS)
        self.assertEqual(json.dumps(game.state()), before)
        self.assertNotIn("peek 1", game.legal_actions())
        with self.assertRaises(IllegalAction):
            game.peek(4)

    def test_2_5_secret_reveal_offers_every_colour(self):
        game = new_game(seed=12, players=2, colours="secret")
        nest = player_nest(game, 1)
        fill(game, nest, 4)
        self.assertEqual(game.legal_actions(),
                         ["own"] + ["colour " + c for c in COLOURS])
        # The nest's own colour typed as a colour counts as "own".
        events = game.apply("colour " + game.peek(1)["colour"])
        self.assertEqual(events, [{"ev": "reveal", "nest": nest, "mouse": 1, "own": True}])

    def test_2_5_secret_non_player_reveal_asks_for_the_colour(self):
        game = new_game(seed=12, players=2, colours="secret")
        free = non_player_nests(game)[0]
        fill(game, free, 4)
        self.assertEqual(game.legal_actions(), ["colour " + c for c in COLOURS])

    def test_2_5_the_end_of_the_game_lifts_the_secret(self):
        game = new_game(seed=13, players=2, colours="secret")
        nest = player_nest(game, 2)
        fill(game, nest, 4)
        for _ in range(4):
            game.apply("own")
        result = game.state()["result"]
        self.assertEqual(result["winner"], 2)
        self.assertEqual(result["colour"], game.peek(2)["colour"])
        self.assertEqual(sorted(result["colours"].values()), sorted(COLOURS))
        self.assertEqual(game.state()["seats"][1]["colour"], game.peek(2)["colour"])


class RefereeRules(unittest.TestCase):
    def test_2_6_remaining_holders_shown_only_with_the_option(self):
        game = new_game(seed=14)
        game.apply("draw")
        self.assertIsNone(game.state()["holders"]["remaining"])
        self.assertEqual(len(game.state()["holders"]["drawn"]), 1)
        game = new_game(seed=14, show_holders=True)
        number = game.apply("draw")[0]["number"]
        remaining = dict((token, count) for token, count in game.state()["holders"]["remaining"])
        full = {1: 1, 2: 1, 3: 2, 4: 2}
        full[number] -= 1
        self.assertEqual(remaining, full)

    def test_2_6_state_prompts_player_and_step(self):
        game = new_game(seed=15, players=3)
        state = game.state()
        self.assertEqual((state["phase"], state["step"]), ("turn", 1))
        events = game.apply("draw")
        self.assertEqual(events[-1], {"ev": "step", "player": state["player"], "step": 2})
        self.assertIn("step 2", game.summary())

    def test_2_6_state_is_json(self):
        game = new_game(seed=16, players=4, catches=True, show_holders=True)
        game.apply("draw")
        self.assertEqual(json.loads(json.dumps(game.state()))["number"], game.state()["number"])


class DefaultRules(unittest.TestCase):
    def test_2_7_a_nest_never_holds_more_than_four(self):
        game = new_game(seed=17)
        nest = player_nest(game, 1)
        fill(game, nest, 4)
        self.assertEqual(game.state()["phase"], "reveal")
        for action in game.legal_actions():
            self.assertFalse(action.startswith("enter"))

    def test_2_7_first_nest_in_the_chain_to_fill_with_its_colour_wins(self):
        game = new_game(seed=18, players=4)
        first = player_nest(game, 1)
        second = player_nest(game, 2)
        fill(game, second, 3)
        fill(game, first, 4)
        game.apply("colour " + game.peek(2)["colour"])
        for _ in range(4):
            events = game.apply("own")
        self.assertEqual(events[-1]["player"], 2)
        self.assertEqual(game.legal_actions(), [])

    def test_2_7_default_options(self):
        options = new_game().options
        self.assertEqual(
            (options["players"], options["colours"], options["show_holders"], options["catches"]),
            (2, "open", False, False),
        )

    def test_an_illegal_action_changes_nothing(self):
        game = new_game(seed=19)
        before = json.dumps(game.state())
        for action in ("enter nw", "own", "colour red", "peek 1", "draw draw", ""):
            with self.assertRaises(IllegalAction):
                game.apply(action)
        self.assertEqual(json.dumps(game.state()), before)

    def test_same_seed_same_game(self):
        one = new_game(seed=20, players=3)
        two = new_game(seed=20, players=3)
        for _ in range(12):
            self.assertEqual(one.apply("draw"), two.apply("draw"))
            one.apply("skip")
            two.apply("skip")
            one.apply("skip")
            two.apply("skip")
        self.assertEqual(one.state(), two.state())


if __name__ == "__main__":
    unittest.main()
