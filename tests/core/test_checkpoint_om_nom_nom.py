"""Om Nom Nom's checkpoints are as good as replay (tests/core/checkpoint_kit.py says how).

Random matches over every mode, checkpointed at random spacings (solo rivals'
hidden decks included); MicroPython plays fewer.
"""

import unittest

import sizes
from checkpoint_kit import CheckpointProof
from table_rolls_kit import filled

from pawtrack.games.om_nom_nom.rules import OmNomNom

MATCHES = sizes.count(400, 25)


def choose(chooser, game, actions):
    return filled(chooser, game, chooser.choice(actions))  # rolls: table fills a template


class OmNomNomCheckpoints(unittest.TestCase):
    def test_checkpoints_equal_replay(self):
        print(CheckpointProof(self, OmNomNom, choose, 300).run(MATCHES))


if __name__ == "__main__":
    unittest.main()
