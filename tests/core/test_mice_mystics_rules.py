"""Mice and Mystics: one named test per rule of docs/rules/mice_mystics.md (both interpreters).

Test names start with the section they check (3.1 the die, 3.2 the trackers,
3.3 the round, 3.4 the device's duties, 3.5 the defaults). The dice in most
tests are chosen by the test (tests/core/mystics_kit.py) and the expected
results are worked out by hand from the rules, not by the code under test.
"""

import json
import unittest

from mystics_kit import FACE, chapter, keep_order, new_game, turn_of, will_number, will_roll

from pawtrack import dice, dicetool, games
from pawtrack.game import IllegalAction
from pawtrack.games.mice_mystics import battle, cards, initiative, trackers
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.rng import Rng


def kinds(events):
    return [event["ev"] for event in events]


def first(events, name):
    for event in events:
        if event["ev"] == name:
            return event
    raise AssertionError("no %s event in %r" % (name, kinds(events)))


class TheDie(unittest.TestCase):
    def test_game_is_registered_with_id_and_name(self):
        package = games.find("mice_mystics")
        self.assertIs(package.load_rules(), MiceMystics)
        self.assertEqual(package.NAME, "Mice & Mystics")
        self.assertTrue(len(package.NAME) <= 16)

    def test_3_1_six_faces_one_die_definition_for_game_tool_and_fairness(self):
        self.assertEqual(dice.MICE_MYSTICS_ACTION,
                         ("sword*", "swordshield", "swordshield*", "bow", "bow*", "cheese"))
        self.assertIs(dice.die_faces("action"), dice.MICE_MYSTICS_ACTION)
        game = new_game()
        will_roll(game, "bow*")
        self.assertEqual(game._roll(1), ("bow*",))
        # The Dice & bag tool rolls the very same table.
        tool = dicetool.DiceTool(Rng(5))
        rolled = tool.roll("action", 15)["faces"]
        for face in rolled:
            self.assertIn(face, dice.MICE_MYSTICS_ACTION)

    def test_3_1_symbol_shares_melee_ranged_block_cheese_star(self):
        faces = dice.MICE_MYSTICS_ACTION
        self.assertEqual(battle.hits(faces, "melee"), 3)
        self.assertEqual(battle.hits(faces, "ranged"), 2)
        self.assertEqual(battle.blocks(faces), 2)
        self.assertEqual(battle.cheese(faces), 1)
        self.assertEqual(battle.stars(faces), 3)

    def test_3_1_every_face_comes_up_through_the_projects_rng(self):
        game = chapter(seed=11)
        seen = {}
        for _ in range(40):
            event = game.apply("roll check 8")[0]
            for face in event["faces"]:
                seen[face] = seen.get(face, 0) + 1
        self.assertEqual(sorted(seen), sorted(dice.MICE_MYSTICS_ACTION))
        for face in dice.MICE_MYSTICS_ACTION:
            self.assertTrue(25 < seen[face] < 90, seen)  # 320 dice: about 53 each

    def test_3_1_movement_number_is_one_to_three(self):
        game = chapter(seed=4)
        seen = {}
        for _ in range(30):
            for number in game.apply("move 8")[0]["numbers"]:
                seen[number] = True
        self.assertEqual(sorted(seen), [1, 2, 3])

    def test_3_1_default_face_number_pairing(self):
        self.assertEqual(dice.MICE_MYSTICS_NUMBERS, (1, 2, 3, 1, 2, 3))
        pairs = dict(zip(dice.MICE_MYSTICS_ACTION, dice.MICE_MYSTICS_NUMBERS))
        self.assertEqual(pairs, {"sword*": 1, "swordshield": 2, "swordshield*": 3, "bow": 1,
                                 "bow*": 2, "cheese": 3})

    def test_3_1_roller_tallies_for_the_mode_asked(self):
        game = chapter()
        roll = ("sword*", "swordshield", "swordshield*", "bow", "bow*", "cheese", "bow", "sword*")
        expected = {"melee": 4, "ranged": 3, "defence": 2, "check": 4}
        for mode in ("melee", "ranged", "defence", "check"):
            will_roll(game, *roll)
            event = game.apply("roll %s 8" % mode)[0]
            self.assertEqual(event["faces"], list(roll))
            self.assertEqual((event["mode"], event["count"], event["cheese"]),
                             (mode, expected[mode], 1))
            if game.phase == "route":
                game.apply("route wheel")
        will_number(game, 3, 1, 2)
        self.assertEqual(game.apply("roll move 3")[0]["numbers"], [3, 1, 2])

    def test_3_1_roller_takes_one_to_eight_dice(self):
        game = chapter()
        for count in range(1, 9):
            event = game.apply("roll check %d" % count)[0]
            self.assertEqual(len(event["faces"]), count)
        for bad in ("roll check 0", "roll check 9", "roll melee", "roll fly 2"):
            with self.assertRaises(IllegalAction):
                game.apply(bad)

    def test_3_1_check_roll_says_success_on_a_star(self):
        game = chapter()
        will_roll(game, "bow", "cheese")
        self.assertFalse(game.apply("roll check 2")[0]["success"])
        will_roll(game, "bow", "bow*")
        self.assertTrue(game.apply("roll check 2")[0]["success"])


class Battle(unittest.TestCase):
    def test_3_3_hand_worked_battles(self):
        # (attack, defence, mode) -> (hits, blocks, wounds)
        cases = [
            (("sword*", "swordshield", "bow"), ("swordshield*",), "melee", (2, 1, 1)),
            (("bow", "bow*", "swordshield"), ("swordshield", "swordshield*", "sword*"), "ranged",
             (2, 2, 0)),
            (("swordshield*", "swordshield*", "swordshield*"), ("cheese", "bow"), "melee",
             (3, 0, 3)),
            (("bow",), ("swordshield",) * 4, "ranged", (1, 4, 0)),
            (("sword*", "cheese"), (), "melee", (1, 0, 1)),
        ]
        for attack, defence, mode, expected in cases:
            self.assertEqual(battle.resolve(attack, defence, mode), expected)

    def test_3_3_battle_with_no_hits_skips_defence(self):
        self.assertEqual(battle.resolve(("bow", "cheese"), ("swordshield",), "melee"), (0, 0, 0))
        self.assertEqual(battle.resolve(("sword*",), None, "ranged"), (0, 0, 0))
        game = chapter()
        will_roll(game, "bow", "bow*", "cheese")
        events = game.apply("attack melee 3")
        self.assertEqual(kinds(events), ["attack", "cheese", "battle"])
        self.assertEqual(first(events, "battle")["defence_rolled"], False)
        self.assertEqual(game.phase, "turn")
        self.assertNotIn("defend 2", game.legal_actions())

    def test_3_3_a_hit_asks_the_defender_to_roll_first(self):
        game = chapter()
        will_roll(game, "sword*", "bow")
        game.apply("attack melee 2")
        self.assertEqual(game.phase, "defence")
        self.assertEqual(game.legal_actions(), ["defend %d" % n for n in range(9)])
        with self.assertRaises(IllegalAction):
            game.apply("end")
        will_roll(game, "swordshield")
        events = game.apply("defend 1")
        result = first(events, "battle")
        self.assertEqual((result["hits"], result["blocks"], result["wounds"]), (1, 1, 0))
        self.assertEqual(result["defender"], "minion")

    def test_3_3_minion_attack_names_the_defending_mouse(self):
        game = chapter()
        turn_of(game, "rats")
        will_roll(game, "swordshield", "sword*", "swordshield*")
        game.apply("attack melee 3")
        self.assertIn("defend nez 2", game.legal_actions())
        self.assertNotIn("defend 2", game.legal_actions())
        will_roll(game, "swordshield*", "cheese")
        events = game.apply("defend nez 2")
        result = first(events, "battle")
        self.assertEqual((result["defender"], result["hits"], result["blocks"], result["wounds"]),
                         ("nez", 3, 1, 2))

    def test_3_3_defence_of_zero_dice_blocks_nothing(self):
        game = chapter()
        will_roll(game, "sword*", "sword*")
        game.apply("attack melee 2")
        result = first(game.apply("defend 0"), "battle")
        self.assertEqual((result["hits"], result["blocks"], result["wounds"]), (2, 0, 2))

    def test_3_3_one_attack_roll_several_defenders(self):
        game = chapter(heroes=("collin", "nez", "lily"))
        turn_of(game, "rats")
        will_roll(game, "sword*", "sword*")
        game.apply("attack melee 2")
        game.apply("defend collin 1")
        self.assertIn("defend lily 1", game.legal_actions())
        will_roll(game, "swordshield")
        result = first(game.apply("defend lily 1"), "battle")
        self.assertEqual((result["defender"], result["wounds"]), ("lily", 1))
        game.apply("move 1")  # anything else closes the attack
        self.assertNotIn("defend lily 1", game.legal_actions())

    def test_3_3_cheese_from_a_mouse_roll_goes_to_that_mouse(self):
        game = chapter()
        will_roll(game, "cheese", "sword*")
        events = game.apply("attack melee 2")
        self.assertEqual(first(events, "cheese"), {"ev": "cheese", "hero": "collin", "count": 1,
                                                   "total": 1})
        game.apply("defend 0")
        turn_of(game, "rats")
        will_roll(game, "sword*")
        game.apply("attack melee 1")
        will_roll(game, "cheese", "cheese")
        game.apply("defend nez 2")
        self.assertEqual((game.cheese["collin"], game.cheese["nez"], game.wheel), (1, 2, 0))

    def test_3_3_cheese_from_a_minion_roll_goes_to_the_wheel(self):
        game = chapter()
        will_roll(game, "sword*")
        game.apply("attack melee 1")
        will_roll(game, "cheese", "swordshield")
        game.apply("defend 2")  # the minion defends
        self.assertEqual(game.wheel, 1)
        turn_of(game, "rats")
        will_roll(game, "cheese", "cheese", "bow")
        events = game.apply("attack ranged 3")
        self.assertEqual(first(events, "wheel")["wheel"], 3)
        self.assertEqual((game.cheese["collin"], game.cheese["nez"]), (0, 0))

    def test_3_3_checks_succeed_on_any_star(self):
        game = chapter()
        for kind in ("search", "webbed", "water", "trap"):
            will_roll(game, "bow", "swordshield*")
            event = game.apply("check %s 2" % kind)[0]
            self.assertEqual((event["kind"], event["stars"], event["success"]), (kind, 1, True))
        for kind in ("search", "webbed", "water"):
            will_roll(game, "bow", "swordshield", "cheese")
            self.assertFalse(game.apply("check %s 3" % kind)[0]["success"])
        self.assertEqual(game.cheese["collin"], 0)  # cheese rolled in a check counts for nothing

    def test_3_3_mousetrap_failure_gives_the_bait_and_says_the_turn_ends(self):
        game = chapter()
        will_roll(game, "bow", "cheese")
        events = game.apply("check trap 2")
        check = events[0]
        self.assertEqual((check["success"], check["wound"], check["turn_ends"]), (False, 1, True))
        self.assertEqual(game.cheese["collin"], 1)
        self.assertIsNone(game.cheesemaster())

    def test_3_3_checks_are_a_mouse_turns(self):
        game = chapter()
        turn_of(game, "rats")
        with self.assertRaises(IllegalAction):
            game.apply("check search 1")


class Trackers(unittest.TestCase):
    def test_3_2_surge_at_six_resets_the_wheel(self):
        self.assertEqual(trackers.add_cheese(5, 1), (0, 1))
        self.assertEqual(trackers.add_cheese(4, 1), (5, 0))
        game = chapter(end=8)
        for _ in range(5):
            game.apply("wheel +1")
        self.assertEqual((game.wheel, game.hourglass, game.surges), (5, 1, 0))
        events = game.apply("wheel +1")
        self.assertEqual(kinds(events), ["wheel", "surge", "hourglass"])
        self.assertEqual((game.wheel, game.hourglass, game.surges), (0, 2, 1))
        self.assertEqual(first(events, "hourglass")["why"], "surge")

    def test_3_2_surge_overflow_is_discarded_by_default(self):
        self.assertEqual(trackers.add_cheese(5, 2), (0, 1))
        self.assertEqual(trackers.add_cheese(3, 8), (0, 1))
        game = chapter(end=8)
        for _ in range(4):
            game.apply("wheel +1")
        turn_of(game, "rats")
        will_roll(game, "cheese", "cheese", "cheese", "bow")
        events = game.apply("attack ranged 4")
        self.assertEqual(kinds(events).count("surge"), 1)
        self.assertEqual((game.wheel, game.hourglass), (0, 2))

    def test_3_2_surge_overflow_kept_as_an_option(self):
        self.assertEqual(trackers.add_cheese(5, 2, "keep"), (1, 1))
        self.assertEqual(trackers.add_cheese(4, 8, "keep"), (0, 2))
        game = chapter(end=8, overflow="keep")
        for _ in range(5):
            game.apply("wheel +1")
        turn_of(game, "rats")
        will_roll(game, *(("cheese",) * 8))
        events = game.apply("attack melee 8")
        # 5 + 8 = 13: two surges, one cheese left on the wheel.
        self.assertEqual(kinds(events).count("surge"), 2)
        self.assertEqual((game.wheel, game.hourglass, game.surges), (1, 3, 2))

    def test_3_2_surge_can_lose_the_chapter(self):
        game = chapter(end=3, hourglass=2)
        for _ in range(5):
            game.apply("wheel +1")
        events = game.apply("wheel +1")
        self.assertEqual(kinds(events)[-1], "defeat")
        self.assertEqual(game.result["reason"], "hourglass")

    def test_3_2_capture_moves_the_hourglass_and_discards_the_cheese(self):
        game = chapter(end=7)
        game.apply("cheese nez +1")
        game.apply("cheese nez +1")
        events = game.apply("captured nez")
        self.assertEqual(first(events, "captured"), {"ev": "captured", "hero": "nez", "times": 1,
                                                     "cheese_lost": 2, "rescued": False})
        self.assertEqual(first(events, "hourglass"), {"ev": "hourglass", "page": 2,
                                                      "why": "capture"})
        self.assertEqual((game.cheese["nez"], game.captured), (0, ["nez"]))

    def test_3_2_hourglass_and_end_marker_set_at_chapter_start(self):
        game = new_game()
        self.assertNotIn("deal", game.legal_actions())  # the end page comes first
        game.apply("hero tilda")
        self.assertNotIn("deal", game.legal_actions())
        game.apply("endpage 7")
        game.apply("hourglass 3")
        self.assertNotIn("endpage 3", game.legal_actions())  # the end lies beyond the hourglass
        self.assertNotIn("hourglass 7", game.legal_actions())
        game.apply("deal")
        self.assertEqual((game.hourglass, game.end, game.round, game.current), (3, 7, 1, "tilda"))

    def test_3_2_achievements_move_the_end_marker(self):
        game = chapter(heroes=("collin", "nez", "filch"), end=6)
        will_roll(game, "cheese", "cheese", "cheese")
        events = game.apply("attack melee 3")
        self.assertEqual(first(events, "achievement"),
                         {"ev": "achievement", "name": "cheesemaster", "hero": "collin"})
        self.assertEqual(game.end, 7)
        game.apply("achieve roachmaster nez")
        self.assertEqual(game.end, 8)
        self.assertNotIn("achieve roachmaster filch", game.legal_actions())
        game.apply("captured filch")
        for _ in range(4):  # collin, nez, filch (captured: skipped), rats
            game.apply("end")
        game.apply("defeated rats")  # the rats are gone: no minions on the board
        game.apply("board no")
        turn_of(game, "filch")
        game.apply("rescue")  # filch comes back (no minions on the board)
        game.apply("board yes")  # filch was the last card: a new encounter's minions
        events = game.apply("captured filch")
        self.assertEqual(first(events, "achievement")["name"], "scaper")
        self.assertEqual(game.end, 9)
        # Only the first three achievements move it, never past the last page.
        game.apply("endpage +1")
        self.assertNotIn("endpage +1", game.legal_actions())

    def test_3_2_end_marker_stops_at_the_last_page(self):
        game = chapter(end=10)
        events = game.apply("achieve roachmaster nez")
        self.assertEqual(first(events, "end_marker"), {"ev": "end_marker", "page": 10,
                                                       "why": "roachmaster", "moved": False})

    def test_3_2_cheesemaster_is_the_first_mouse_with_three_cheese_in_one_roll(self):
        game = chapter(end=6)
        will_roll(game, "cheese", "cheese", "sword*")
        game.apply("attack melee 3")
        game.apply("defend 0")
        self.assertIsNone(game.cheesemaster())  # two in one roll, three in all: not yet
        turn_of(game, "rats")
        will_roll(game, *(("cheese",) * 3))
        game.apply("attack melee 3")  # a minion's three cheese go to the wheel only
        self.assertIsNone(game.cheesemaster())
        turn_of(game, "nez")
        will_roll(game, "cheese", "cheese", "cheese", "cheese")
        game.apply("attack ranged 4")
        self.assertEqual((game.cheesemaster(), game.end, game.cheese["nez"]), ("nez", 7, 4))
        turn_of(game, "collin")
        will_roll(game, "cheese", "cheese", "cheese")
        game.apply("attack ranged 3")
        self.assertEqual((game.cheesemaster(), game.end), ("nez", 7))

    def test_3_2_cheesemaster_defence_cheese_feeds_every_active_mouse(self):
        game = chapter(heroes=("collin", "nez", "lily"), end=6)
        turn_of(game, "nez")
        will_roll(game, "cheese", "cheese", "cheese")
        game.apply("attack melee 3")
        game.apply("captured lily")
        turn_of(game, "rats")
        will_roll(game, "sword*")
        game.apply("attack melee 1")
        will_roll(game, "cheese", "bow")
        events = game.apply("defend nez 2")
        self.assertEqual(first(events, "cheesemaster_bonus")["heroes"], ["collin", "nez"])
        # nez: 3 + 1 rolled + 1 bonus; collin: the bonus; lily is captured.
        self.assertEqual((game.cheese["nez"], game.cheese["collin"], game.cheese["lily"]),
                         (5, 1, 0))
        will_roll(game, "sword*")
        game.apply("attack melee 1")
        will_roll(game, "cheese")
        events = game.apply("defend collin 1")  # not the Cheesemaster: no bonus
        self.assertNotIn("cheesemaster_bonus", kinds(events))

    def test_3_2_scaper_third_capture_is_rescued_at_once(self):
        game = chapter(heroes=("collin", "nez"), end=9)
        game.apply("defeated rats")  # a rescue needs the minions gone
        game.apply("captured nez")
        turn_of(game, "nez")
        game.apply("rescue")
        game.apply("board yes")
        game.apply("captured nez")  # second: Scaper
        turn_of(game, "nez")
        game.apply("rescue")
        game.apply("board yes")
        events = game.apply("captured nez")
        self.assertEqual(first(events, "captured")["rescued"], True)
        self.assertEqual(game.captured, [])
        self.assertEqual(game.hourglass, 4)  # every capture still moves the hourglass

    def test_3_2_defeat_when_the_hourglass_reaches_the_end_marker(self):
        game = chapter(end=3)
        game.apply("hourglass +1")
        self.assertFalse(game.is_over())
        events = game.apply("hourglass +1")
        self.assertEqual(events[-1], {"ev": "defeat", "reason": "hourglass"})
        self.assertEqual(game.result["won"], False)
        self.assertEqual(game.legal_actions(), [])

    def test_3_2_defeat_when_every_mouse_is_captured(self):
        game = chapter(heroes=("collin", "nez"), end=9)
        game.apply("captured collin")
        self.assertFalse(game.is_over())
        events = game.apply("captured nez")
        self.assertEqual(events[-1], {"ev": "defeat", "reason": "captured"})
        self.assertEqual(game.phase, "over")

    def test_3_2_round_end_without_minions_adds_one_cheese(self):
        game = chapter(end=8)
        turn_of(game, "rats")
        events = game.apply("end")
        self.assertEqual(events, [{"ev": "round_end", "round": 1, "minion_cards": 1}])
        game.apply("board yes")
        self.assertEqual((game.wheel, game.round, game.current), (0, 2, "collin"))
        turn_of(game, "rats")
        game.apply("defeated rats")  # the last rats are gone on their own turn
        self.assertEqual(game.legal_actions(), ["board yes", "board no", "won"])
        events = game.apply("board no")
        self.assertEqual(first(events, "wheel"), {"ev": "wheel", "wheel": 1, "added": 1,
                                                  "why": "no minions"})
        self.assertEqual(game.round, 3)

    def test_3_2_round_end_cheese_can_surge(self):
        game = chapter(end=8)
        for _ in range(5):
            game.apply("wheel +1")
        turn_of(game, "rats")
        game.apply("defeated rats")
        events = game.apply("board no")
        self.assertEqual(kinds(events)[:3], ["wheel", "surge", "hourglass"])
        self.assertEqual((game.wheel, game.hourglass), (0, 2))

    def test_3_2_level_up_costs_six_cheese(self):
        game = chapter()
        for _ in range(5):
            game.apply("cheese collin +1")
        self.assertNotIn("levelup collin", game.legal_actions())
        game.apply("cheese collin +1")
        events = game.apply("levelup collin")
        self.assertEqual(events, [{"ev": "levelup", "hero": "collin", "cheese": 0}])

    def test_3_2_greedy_roach_steals_a_cheese_for_the_wheel(self):
        game = chapter()
        game.apply("cheese nez +1")
        events = game.apply("steal nez")
        self.assertEqual((game.cheese["nez"], game.wheel), (0, 1))
        self.assertEqual(first(events, "wheel")["why"], "stolen")
        self.assertNotIn("steal nez", game.legal_actions())

    def test_3_2_share_gives_cheese_between_mice(self):
        game = chapter()
        game.apply("cheese nez +1")
        game.apply("give nez collin")
        self.assertEqual((game.cheese["nez"], game.cheese["collin"]), (0, 1))
        self.assertNotIn("give nez collin", game.legal_actions())


class Round(unittest.TestCase):
    def test_3_3_initiative_deal_shuffles_mice_and_minion_cards(self):
        game = new_game(seed=21)
        for action in ("endpage 6", "hero tilda", "hero collin", "hero nez", "minion spider",
                       "minion rats"):
            game.apply(action)
        events = game.apply("deal")
        # Worked out apart from the rules: heroes in table order, then the new
        # minion cards in table order, Fisher-Yates with the same seeded RNG.
        expected = Rng(21).shuffle(["collin", "nez", "tilda", "rats", "spider"])
        self.assertEqual(first(events, "deal")["track"], expected)
        self.assertEqual(game.track, expected)
        self.assertEqual(first(events, "deal")["fresh"], True)
        self.assertEqual(game.current, expected[0])

    def test_3_3_ambush_moves_a_card_up_pushing_the_others_down(self):
        track = ["collin", "nez", "lily", "rats"]
        self.assertEqual(initiative.ambush(track, "rats", 2), ["collin", "rats", "nez", "lily"])
        self.assertEqual(initiative.ambush(track, "rats", 3), ["rats", "collin", "nez", "lily"])
        self.assertEqual(initiative.ambush(track, "nez", 3), ["nez", "collin", "lily", "rats"])
        self.assertEqual(track, ["collin", "nez", "lily", "rats"])  # unchanged

    def test_3_3_ambush_rolls_one_die_per_new_minion_card(self):
        game = new_game()
        for action in ("endpage 6", "hero collin", "hero nez", "hero filch", "minion rats",
                       "minion spider"):
            game.apply(action)
        keep_order(game, 5)  # collin nez filch rats spider
        will_number(game, 2, 3)  # rats up 2, then spider up 3
        events = game.apply("deal ambush")
        ambushes = [e for e in events if e["ev"] == "ambush"]
        self.assertEqual(ambushes, [
            {"ev": "ambush", "card": "rats", "roll": 2, "from": 4, "to": 2},
            {"ev": "ambush", "card": "spider", "roll": 3, "from": 5, "to": 2},
        ])
        self.assertEqual(game.track, ["collin", "spider", "rats", "nez", "filch"])

    def test_3_3_later_encounter_adds_only_new_types_at_the_bottom(self):
        game = chapter(heroes=("collin", "nez"), minions=("rats",))
        before = list(game.track)
        game.apply("encounter")
        game.apply("minion roaches")
        game.apply("minion centipede")
        keep_order(game, 2)
        events = game.apply("deal")
        self.assertEqual(game.track, before + ["roaches", "centipede"])
        self.assertEqual(first(events, "deal")["fresh"], False)
        self.assertEqual(game.current, "collin")  # the cursor stays

    def test_3_3_encounter_with_a_type_already_on_the_track(self):
        game = chapter(heroes=("collin", "nez"), minions=("rats",))
        game.apply("encounter")
        game.apply("minion rats")
        game.apply("minion spider")
        will_number(game, 1)
        events = game.apply("deal ambush")
        deal = first(events, "deal")
        self.assertEqual((deal["added"], deal["skipped"]), (["spider"], ["rats"]))
        self.assertEqual(game.track.count("rats"), 1)
        ambushes = [e for e in events if e["ev"] == "ambush"]
        self.assertEqual([a["card"] for a in ambushes], ["spider"])
        self.assertEqual(game.track, ["collin", "nez", "spider", "rats"])

    def test_3_3_boss_cards_go_to_the_bottom_and_ambush_moves_the_first(self):
        game = chapter(heroes=("collin", "nez"), minions=("rats",))
        game.apply("encounter")
        game.apply("minion brodie")
        game.apply("minion spider")
        will_number(game, 3, 2)  # spider up 3, then brodie1 up 2
        game.apply("deal ambush")
        # Before the ambush: collin nez rats spider brodie1 brodie2; spider goes
        # from 4th to 1st, then brodie1 from 5th to 3rd.
        self.assertEqual(game.track, ["spider", "collin", "brodie1", "nez", "rats", "brodie2"])

    def test_3_3_the_cursor_steps_down_the_track_then_the_round_ends(self):
        game = chapter(heroes=("collin", "nez", "filch"), minions=("rats",))
        order = []
        events = []
        for _ in range(4):
            order.append(game.current)
            events = game.apply("end")
        self.assertEqual(order, ["collin", "nez", "filch", "rats"])
        self.assertEqual(events[0]["ev"], "round_end")
        game.apply("board yes")
        self.assertEqual((game.round, game.current), (2, "collin"))

    def test_3_3_fresh_deal_mid_round_restarts_at_the_top(self):
        game = chapter(heroes=("collin", "nez", "filch"), minions=("rats",))
        game.apply("defeated rats")  # the last rat is gone
        game.apply("end")  # nez
        game.apply("encounter")  # nez explores into a new room
        game.apply("minion roaches")
        keep_order(game, 4)
        events = game.apply("deal")
        self.assertEqual(first(events, "deal")["fresh"], True)
        self.assertEqual(game.track, ["collin", "nez", "filch", "roaches"])
        self.assertEqual(game.current, "nez")  # nez finishes the turn
        events = game.apply("end")
        self.assertEqual(kinds(events), ["round", "turn"])
        self.assertEqual((game.round, game.current), (2, "collin"))

    def test_3_3_a_defeated_minion_type_leaves_the_track(self):
        game = chapter(heroes=("collin", "nez"), minions=("rats", "spider"))
        turn_of(game, "rats")
        events = game.apply("defeated rats")  # gone on its own turn: the next card acts
        self.assertEqual(first(events, "removed")["track"], ["collin", "nez", "spider"])
        self.assertEqual(game.current, "spider")
        self.assertNotIn("defeated rats", game.legal_actions())

    def test_3_3_captured_mouse_turn_is_skipped_or_rescued(self):
        game = chapter(heroes=("collin", "nez"), minions=("rats",))
        game.apply("captured nez")
        game.apply("end")
        self.assertEqual(game.current, "nez")
        actions = game.legal_actions()
        self.assertNotIn("move 1", actions)
        self.assertNotIn("check search 1", actions)
        # A minion card on the track means minions on the board: no rescue.
        self.assertNotIn("rescue", actions)
        with self.assertRaises(IllegalAction) as refused:
            game.apply("rescue")
        self.assertEqual(str(refused.exception), "no rescue: Rats still on the track")
        game.apply("defeated rats")  # the last rats gone: their card leaves the track
        self.assertIn("rescue", game.legal_actions())
        events = game.apply("rescue")  # the rescued mouse's turn ends
        self.assertEqual(kinds(events), ["rescued", "round_end"])
        self.assertEqual((game.captured, game.current), ([], None))

    def test_3_3_mouse_rolls_one_number_minions_one_each(self):
        game = chapter()
        will_number(game, 2)
        self.assertEqual(game.apply("move 1"), [{"ev": "move", "card": "collin", "numbers": [2]}])
        turn_of(game, "rats")
        will_number(game, 3, 1, 1, 2)
        event = game.apply("move 4")[0]
        self.assertEqual((event["card"], event["numbers"]), ("rats", [3, 1, 1, 2]))


class Duties(unittest.TestCase):
    def test_3_4_the_device_asks_minions_on_board_at_round_end(self):
        game = chapter()
        turn_of(game, "rats")
        game.apply("end")
        self.assertEqual(game.phase, "round_end")
        with self.assertRaises(IllegalAction):
            game.apply("move 1")

    def test_3_4_free_roll_cheese_is_routed_by_asking(self):
        game = chapter()
        will_roll(game, "cheese", "cheese", "cheese", "bow")
        game.apply("roll melee 4")
        self.assertEqual(game.phase, "route")
        self.assertEqual(game.legal_actions(), ["route collin", "route nez", "route wheel"])
        events = game.apply("route nez")
        self.assertEqual(game.cheese["nez"], 3)
        self.assertEqual(first(events, "achievement")["hero"], "nez")
        will_roll(game, "cheese")
        game.apply("roll defence 1")
        game.apply("route wheel")
        self.assertEqual(game.wheel, 1)

    def test_3_4_an_illegal_action_changes_nothing(self):
        game = chapter()
        before = json.dumps(game.state())
        for bad in ("fly", "", "move", "move 9", "attack sword 2", "defend 2", "board yes",
                    "hero nez", "captured tilda", "cheese nez -1", "endpage 3", "deal",
                    "move  1", "move 1 ", "won now"):
            with self.assertRaises(IllegalAction):
                game.apply(bad)
        self.assertEqual(json.dumps(game.state()), before)

    def test_3_4_state_is_json_and_summary_is_short(self):
        game = chapter(end=7)
        self.assertEqual(game.summary(), "R1 p1/7")
        state = json.loads(json.dumps(game.state()))
        self.assertEqual(state["track"], ["collin", "nez", "rats"])
        self.assertEqual(state["heroes"][0], {"hero": "collin", "cheese": 0, "captured": False,
                                              "captures": 0})
        game.apply("won")
        self.assertEqual(game.summary(), "won R1")
        self.assertEqual(game.state()["result"]["reason"], "chapter")


class Defaults(unittest.TestCase):
    def test_3_5_default_options(self):
        game = new_game()
        self.assertEqual(game.options, {"pages": 10, "overflow": "reset", "movement": "separate",
                                        "rolls": "device"})
        self.assertEqual((game.pages, game.hourglass, game.end), (10, 1, None))

    def test_3_5_page_track_length_is_an_option(self):
        game = new_game(pages=14)
        self.assertIn("endpage 14", game.legal_actions())
        self.assertNotIn("endpage 15", game.legal_actions())

    def test_3_5_face_mode_reads_numbers_from_the_pairing_table(self):
        game = chapter(movement="face")
        will_roll(game, "swordshield*", "bow", "cheese")
        event = game.apply("move 3")[0]
        self.assertEqual(event["numbers"], [3, 1, 3])
        self.assertEqual(event["faces"], ["swordshield*", "bow", "cheese"])

    def test_3_5_card_table_names_and_boss_cards(self):
        self.assertEqual(cards.cards_of("rats"), ("rats",))
        self.assertEqual(cards.cards_of("brodie"), ("brodie1", "brodie2"))
        self.assertEqual(cards.type_of("vanestra3"), "vanestra")
        self.assertEqual(cards.card_name("brodie2"), "Brodie2")
        for _hero_id, name in cards.HEROES:
            self.assertTrue(len(name) <= 7)
        for _type_id, _name, short, count in cards.MINIONS:
            self.assertTrue(len(short) + (1 if count > 1 else 0) <= 7, short)
        self.assertEqual([h for h, _ in cards.HEROES],
                         ["collin", "nez", "filch", "maginos", "tilda", "lily"])

    def test_3_5_scripted_faces_are_the_die_table(self):
        for face in dice.MICE_MYSTICS_ACTION:
            self.assertEqual(dice.MICE_MYSTICS_ACTION[FACE[face]], face)



class RuleChecks(unittest.TestCase):
    """What the rule text forbids is refused with its reason, nothing changed."""

    def refused(self, game, action, reason):
        before = game.state()
        with self.assertRaises(IllegalAction) as refusal:
            game.apply(action)
        self.assertEqual(str(refusal.exception), reason)
        self.assertEqual(game.state(), before)

    def test_3_2_no_minions_cheese_needs_the_minion_cards_off_the_track(self):
        game = chapter(end=8)
        turn_of(game, "rats")
        game.apply("end")
        self.assertEqual(game.legal_actions(), ["board yes", "defeated rats", "won"])
        self.refused(game, "board no", "Rats still on the track: its minions are on the board")
        events = game.apply("defeated rats")  # said at the round's end: the card goes
        self.assertEqual(first(events, "removed")["track"], ["collin", "nez"])
        self.assertEqual(game.phase, "round_end")
        events = game.apply("board no")
        self.assertEqual(first(events, "wheel")["why"], "no minions")

    def test_3_4_share_and_level_up_only_on_the_mouses_own_turn(self):
        game = chapter(heroes=("collin", "nez", "filch"))
        for _ in range(6):
            game.apply("cheese nez +1")
        game.apply("cheese filch +1")
        actions = game.legal_actions()  # collin's turn
        self.assertIn("give nez collin", actions)  # collin takes a share
        self.assertNotIn("give filch nez", actions)  # neither is acting
        self.assertNotIn("levelup nez", actions)
        self.refused(game, "give filch nez", "share and level up only on that mouse's own turn")
        self.refused(game, "levelup nez", "share and level up only on that mouse's own turn")
        game.apply("end")
        self.assertEqual(game.current, "nez")
        self.assertIn("levelup nez", game.legal_actions())
        self.assertIn("give filch nez", game.legal_actions())
        turn_of(game, "rats")  # a minion's turn: no free actions at all
        self.assertEqual([a for a in game.legal_actions() if a.split(" ")[0] in
                          ("give", "levelup")], [])

    def test_3_4_water_and_mousetrap_checks_are_not_the_mouses_action(self):
        game = chapter()
        will_roll(game, "bow")
        game.apply("check water 1")
        will_roll(game, "sword*", "bow")
        game.apply("check trap 2")
        self.assertEqual(game.acted, 0)
        will_roll(game, "sword*")
        game.apply("check search 1")
        self.assertEqual(game.acted, 1)


if __name__ == "__main__":
    unittest.main()
