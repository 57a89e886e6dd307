"""Mice and Mystics's checkpoints are as good as replay (tests/core/checkpoint_kit.py says how).

Random chapters over every option, with actions weighted so that turns,
fights and rounds go by, checkpointed at random spacings; MicroPython plays
fewer.
"""

import unittest

import sizes
from checkpoint_kit import CheckpointProof
from table_rolls_kit import filled

from pawtrack.games.mice_mystics.rules import MiceMystics

MATCHES = sizes.count(150, 10)


BUSY = ("move", "attack", "defend", "check", "roll", "route", "end", "deal", "board")


def choose(chooser, game, actions):
    """Mostly what moves a chapter on; now and then anything legal but winning outright
    (with the table rolling, a template is filled with random faces)."""
    busy = [a for a in actions if a.split(" ")[0] in BUSY]
    if busy and chooser.below(10) < 8:
        return filled(chooser, game, chooser.choice(busy))
    calm = [a for a in actions if a != "won"]
    return filled(chooser, game, chooser.choice(calm or actions))


class MiceMysticsCheckpoints(unittest.TestCase):
    def test_checkpoints_equal_replay(self):
        print(CheckpointProof(self, MiceMystics, choose, 400).run(MATCHES))


if __name__ == "__main__":
    unittest.main()
