"""Om Nom Nom: one board resolved in one turn, hand-worked cases (both interpreters).

Every case is worked out by hand from the rule (docs/rules/om_nom_nom.md, 4.3)
before the expected value is written down; seats are letters so a case reads
like a table: "A and B play the wolf, C plays the rabbit, 3 rabbit dice".
"""

import unittest

from pawtrack import dice
from pawtrack.games.om_nom_nom.chains import (
    BOARDS,
    CARDS,
    SYMBOLS,
    card_board,
    eat_points,
    resolve_board,
)


def points_by_seat(eats):
    return {eat[0]: eat_points(eat) for eat in eats}


class FoodChains(unittest.TestCase):
    def test_4_1_three_boards_each_a_food_chain(self):
        self.assertEqual(BOARDS, ("wolf", "cat", "hedgehog"))
        chains = []
        for board in range(3):
            chains.append((CARDS[2 * board], CARDS[2 * board + 1],
                           SYMBOLS[2 * board], SYMBOLS[2 * board + 1]))
        self.assertEqual(chains, [
            ("wolf", "rabbit", "rabbit", "carrot"),
            ("cat", "mouse", "mouse", "cheese"),
            ("hedgehog", "frog", "frog", "fly"),
        ])
        self.assertEqual([card_board(card) for card in range(6)],
                         [(0, True), (0, False), (1, True), (1, False), (2, True), (2, False)])

    def test_4_1_the_die_shows_each_prey_symbol_once(self):
        self.assertEqual(sorted(dice.OM_NOM_NOM_PREY), sorted(SYMBOLS))
        self.assertEqual(len(dice.OM_NOM_NOM_PREY), 6)
        self.assertEqual(dice.die_faces("prey"), dice.OM_NOM_NOM_PREY)


class TopAnimals(unittest.TestCase):
    def test_4_3_one_top_eats_every_middle_card_and_die(self):
        eats, discarded, middle_left, bottom_left = resolve_board("A", "BC", 2, 3)
        self.assertEqual(eats, (("A", ("B", "C"), 2, 0),))
        self.assertEqual((discarded, middle_left, bottom_left), ((), 0, 3))
        self.assertEqual(points_by_seat(eats), {"A": 5})  # own 1 + 2 cards + 2 black dice

    def test_4_3_top_animal_never_touches_the_bottom_dice(self):
        eats, _discarded, middle_left, bottom_left = resolve_board("A", "", 0, 4)
        self.assertEqual(eats, (("A", (), 0, 0),))
        self.assertEqual((middle_left, bottom_left), (0, 4))

    def test_4_3_even_shares_leftover_dice_stay(self):
        # 2 wolves, 5 rabbit dice: 2 each, 1 die stays.
        eats, discarded, middle_left, bottom_left = resolve_board("AB", "", 5, 1)
        self.assertEqual(eats, (("A", (), 2, 0), ("B", (), 2, 0)))
        self.assertEqual((discarded, middle_left, bottom_left), ((), 1, 1))

    def test_4_3_cards_are_taken_before_dice(self):
        # 3 wolves, rabbits C and D, 2 rabbit dice: 4 items, 1 each, 1 left.
        # The two cards go first; one die is taken, one stays; no card is left over.
        eats, discarded, middle_left, _ = resolve_board("ABE", "CD", 2, 0)
        self.assertEqual(eats, (("A", ("C",), 0, 0), ("B", ("D",), 0, 0), ("E", (), 1, 0)))
        self.assertEqual((discarded, middle_left), ((), 1))
        self.assertEqual(points_by_seat(eats), {"A": 2, "B": 2, "E": 2})

    def test_4_3_untaken_middle_cards_are_discarded(self):
        # 2 cats, mice C, D, E and no mouse dice: 3 items, 1 each; E's card is discarded.
        eats, discarded, middle_left, _ = resolve_board("AB", "CDE", 0, 2)
        self.assertEqual(eats, (("A", ("C",), 0, 0), ("B", ("D",), 0, 0)))
        self.assertEqual((discarded, middle_left), (("E",), 0))

    def test_4_3_a_share_mixes_cards_and_dice(self):
        # 2 hedgehogs, frog C, 3 frog dice: 4 items, 2 each: A gets C's card and a die.
        eats, discarded, middle_left, _ = resolve_board("AB", "C", 3, 0)
        self.assertEqual(eats, (("A", ("C",), 1, 0), ("B", (), 2, 0)))
        self.assertEqual((discarded, middle_left), ((), 0))

    def test_4_3_fewer_prey_than_predators_nobody_eats(self):
        # 3 wolves, rabbit D and 1 rabbit die: 2 items for 3 wolves. Nobody eats,
        # D's card is discarded, the die stays, the wolves keep their cards.
        eats, discarded, middle_left, bottom_left = resolve_board("ABC", "D", 1, 2)
        self.assertEqual(eats, (("A", (), 0, 0), ("B", (), 0, 0), ("C", (), 0, 0)))
        self.assertEqual((discarded, middle_left, bottom_left), (("D",), 1, 2))
        self.assertEqual(points_by_seat(eats), {"A": 1, "B": 1, "C": 1})

    def test_4_3_no_prey_the_top_keeps_its_card(self):
        eats, discarded, middle_left, bottom_left = resolve_board("AB", "", 0, 3)
        self.assertEqual(eats, (("A", (), 0, 0), ("B", (), 0, 0)))
        self.assertEqual((discarded, middle_left, bottom_left), ((), 0, 3))

    def test_4_3_middle_animals_under_a_top_score_nothing(self):
        eats, discarded, _, bottom_left = resolve_board("A", "BC", 0, 5)
        self.assertEqual([eat[0] for eat in eats], ["A"])
        self.assertEqual(discarded, ())
        self.assertEqual(bottom_left, 5)  # the captured rabbits never reached the carrots


class MiddleAnimals(unittest.TestCase):
    def test_4_3_middle_eats_bottom_dice_when_no_top_came(self):
        eats, discarded, middle_left, bottom_left = resolve_board("", "A", 4, 3)
        self.assertEqual(eats, (("A", (), 0, 3),))
        self.assertEqual((discarded, middle_left, bottom_left), ((), 4, 0))
        self.assertEqual(points_by_seat(eats), {"A": 7})  # own 1 + 3 red dice

    def test_4_3_middle_shares_evenly_remainder_stays(self):
        eats, _, _, bottom_left = resolve_board("", "ABC", 0, 7)
        self.assertEqual(eats, (("A", (), 0, 2), ("B", (), 0, 2), ("C", (), 0, 2)))
        self.assertEqual(bottom_left, 1)

    def test_4_3_fewer_bottom_dice_than_middles_nobody_eats(self):
        eats, discarded, _, bottom_left = resolve_board("", "ABC", 1, 2)
        self.assertEqual(eats, (("A", (), 0, 0), ("B", (), 0, 0), ("C", (), 0, 0)))
        self.assertEqual((discarded, bottom_left), ((), 2))
        self.assertEqual(points_by_seat(eats), {"A": 1, "B": 1, "C": 1})

    def test_4_3_middle_with_no_dice_keeps_its_card(self):
        eats, _, _, bottom_left = resolve_board("", "A", 0, 0)
        self.assertEqual(eats, (("A", (), 0, 0),))
        self.assertEqual(bottom_left, 0)

    def test_4_3_nobody_played_on_the_board(self):
        self.assertEqual(resolve_board("", "", 3, 2), ((), (), 3, 2))


class Points(unittest.TestCase):
    def test_4_1_card_one_black_die_one_red_die_two(self):
        self.assertEqual(eat_points(("A", (), 0, 0)), 1)
        self.assertEqual(eat_points(("A", ("B", "C"), 0, 0)), 3)
        self.assertEqual(eat_points(("A", (), 3, 0)), 4)
        self.assertEqual(eat_points(("A", (), 0, 3)), 7)

    def test_4_3_points_do_not_depend_on_which_item_went_where(self):
        # Every item at one level is worth the same, so each share scores the same.
        for tops in range(1, 7):
            for middles in range(0, 6):
                for middle_dice in range(0, 8):
                    eats, _, _, _ = resolve_board(range(tops), range(10, 10 + middles),
                                                  middle_dice, 0)
                    self.assertEqual(len(set(eat_points(eat) for eat in eats)), 1)


if __name__ == "__main__":
    unittest.main()
