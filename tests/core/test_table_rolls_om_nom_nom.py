"""Om Nom Nom with the table rolling: the same game as with the device rolling.

Seeded games in every mode are played twice (tests/core/table_rolls_kit.py):
each round's 15 prey dice are entered by hand, as the faces the device rolled
counted per face, and the boards, the chains, the scores and the end are the
same. In solo mode the virtual colours' hidden decks are shuffled after the
dice are drawn either way, so entering dice neither shows nor changes them.
Then the entries the rules refuse.
"""

import sys
import unittest

from checkpoint_kit import random_options
from table_rolls_kit import play_both

from pawtrack import dice
from pawtrack.game import IllegalAction, resolve_options
from pawtrack.games.om_nom_nom.rules import OmNomNom
from pawtrack.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
MATCHES = 4 if MICROPYTHON else 40


def faces_of(events, faces, count):
    """The roll's faces in the die's face order, from the event's count per symbol."""
    words = []
    for event in events:
        if event["ev"] == "roll":
            for face in faces:
                words += [face] * event["dice"][face]
    return words


def choose(chooser, game, actions):
    return chooser.choice(actions)


def table_game(**options):
    options["rolls"] = "table"
    return OmNomNom(resolve_options(OmNomNom, options), Rng(8))


class TableRollsOmNomNom(unittest.TestCase):
    def test_entered_dice_play_as_the_device_rolled(self):
        entered = 0
        for seed in range(MATCHES):
            options = random_options(OmNomNom, Rng(seed + 700))
            del options["rolls"]
            entered += play_both(self, OmNomNom, options, seed, choose, faces_of, 80)
        self.assertGreater(entered, MATCHES)

    def test_the_hidden_decks_do_not_depend_on_the_faces_entered(self):
        first = table_game()
        second = table_game()
        first.apply("roll " + " ".join(["rabbit"] * 15))
        second.apply("roll " + " ".join(["fly"] * 15))
        self.assertEqual(first.decks, second.decks)
        self.assertEqual(first.rng.state, second.rng.state)
        self.assertNotIn("decks", first.state())

    def test_impossible_entries_change_nothing(self):
        game = table_game(mode="table")
        self.assertEqual(game.legal_actions(), ["roll <faces>"])
        self.assertEqual(game.entry_for("roll"), (dice.OM_NOM_NOM_PREY, 15))
        before = game.state()
        fourteen = " ".join(["frog"] * 14)
        for action in ("roll", "roll <faces>", "roll " + fourteen,
                       "roll " + fourteen + " frog frog", "roll " + fourteen + " wolf",
                       "roll " + fourteen + "  frog", "roll 3 2 2 3 2 3"):
            with self.assertRaises(IllegalAction):
                game.apply(action)
            self.assertEqual(game.state(), before, action)
        with self.assertRaises(IllegalAction) as refusal:
            game.apply("roll " + fourteen)
        self.assertEqual(str(refusal.exception), "15 dice to enter, got 14")
        events = game.apply("roll " + fourteen + " fly")
        self.assertEqual(events[0]["dice"]["frog"], 14)
        self.assertIsNone(game.entry_for("roll"))


if __name__ == "__main__":
    unittest.main()
