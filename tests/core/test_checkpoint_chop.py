"""Cat & Mouse's checkpoints are as good as replay (tests/core/checkpoint_kit.py says how).

Random matches over every option (physical and digital tiles, own mixes),
checkpointed at random spacings; MicroPython plays fewer.
"""

import unittest

import sizes
from checkpoint_kit import CheckpointProof
from table_rolls_kit import filled

from pawtrack.games.chop.rules import Chop

MATCHES = sizes.count(600, 40)


def choose(chooser, game, actions):
    return filled(chooser, game, chooser.choice(actions))  # rolls: table fills a template


class ChopCheckpoints(unittest.TestCase):
    def test_checkpoints_equal_replay(self):
        print(CheckpointProof(self, Chop, choose, 300).run(MATCHES))


if __name__ == "__main__":
    unittest.main()
