"""Mmm!'s checkpoints are as good as replay (tests/core/checkpoint_kit.py says how).

Random matches over every option (levels, sides, variants, players, track
lengths; not an own layout, which needs one installed), checkpointed at random
spacings; MicroPython plays fewer.
"""

import unittest

import sizes
from checkpoint_kit import CheckpointProof
from table_rolls_kit import filled

from pawtrack.games.mmm.rules import MmmGame

MATCHES = sizes.count(600, 40)


def choose(chooser, game, actions):
    return filled(chooser, game, chooser.choice(actions))  # rolls: table fills a template


class MmmCheckpoints(unittest.TestCase):
    def test_checkpoints_equal_replay(self):
        print(CheckpointProof(self, MmmGame, choose, 400, (("layout", "own"),)).run(MATCHES))


if __name__ == "__main__":
    unittest.main()
