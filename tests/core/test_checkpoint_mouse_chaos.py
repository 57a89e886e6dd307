"""Mouse Chaos's checkpoints are as good as replay (tests/core/checkpoint_kit.py says how).

Random matches over every option, checkpointed at random spacings; MicroPython
plays fewer.
"""

import unittest

import sizes
from checkpoint_kit import CheckpointProof

from pawtrack.games.mouse_chaos.rules import MouseChaos

MATCHES = sizes.count(300, 20)


def choose(chooser, game, actions):
    return chooser.choice(actions)


class MouseChaosCheckpoints(unittest.TestCase):
    def test_checkpoints_equal_replay(self):
        print(CheckpointProof(self, MouseChaos, choose, 300).run(MATCHES))


if __name__ == "__main__":
    unittest.main()
