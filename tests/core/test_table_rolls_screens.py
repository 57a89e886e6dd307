"""After an entered roll the table looks the same as after the device's roll of those faces.

For every game with dice, two apps on the recording HAL (tests/core/app_kit.py)
play the same seeded match through the session: one with the device rolling,
one with the table rolling and every roll entered with the faces the device
rolled (read from its events by each game's faces_of in
tests/core/test_table_rolls_<game>.py). After every action both show the same
picture and light the same LEDs: placing, busts, the cat, hits and wounds, the
boards and the end screens are what they would have been.
"""

import unittest

import test_table_rolls_chop as chop_rolls
import test_table_rolls_mice_mystics as mystics_rolls
import test_table_rolls_mmm as mmm_rolls
import test_table_rolls_om_nom_nom as om_nom_nom_rolls
from app_kit import game_app

from pawtrack import table_rolls
from pawtrack.rng import Rng

GAMES = (
    ("mice_mystics", {}, mystics_rolls),
    ("mmm", {"level": "board"}, mmm_rolls),
    ("chop", {"players": 3}, chop_rolls),
    ("om_nom_nom", {"mode": "solo"}, om_nom_nom_rolls),
)
STEPS = 60


def seen(app):
    """The picture and the last LED colours the app showed."""
    picture = app.render()
    strip = app.hal.leds.writes
    return picture, strip[-1] if strip else None


class SameTable(unittest.TestCase):
    def test_entered_rolls_show_what_device_rolls_show(self):
        for game_id, options, rolls in GAMES:
            device = game_app(game_id, dict(options), seed=7)
            given = dict(options)
            given["rolls"] = table_rolls.TABLE
            table = game_app(game_id, given, seed=7)
            chooser = Rng(41)
            entered = 0
            for step in range(STEPS):
                legal = device.game.legal_actions()
                if not legal:
                    break
                action = rolls.choose(chooser, device.game, legal)
                events = device.session.act(action)
                spec = table.game.entry_for(action)
                if spec is not None:
                    faces = rolls.faces_of(events, spec[0], spec[1])
                    action = action + " " + " ".join(faces)
                    entered += 1
                table.session.act(action)
                self.assertEqual(seen(table), seen(device), "%s step %d" % (game_id, step))
            self.assertGreater(entered, 0, game_id)


if __name__ == "__main__":
    unittest.main()
