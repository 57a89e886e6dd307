"""Hostile entered rolls over the protocol: refused with one error, and nothing changed.

With the option ``rolls: table`` a seeded generator plays each game with dice
over the serial protocol, filling the templates of ``legal`` with random faces
(tests/core/table_rolls_kit.py), and before each roll sends what an adversarial
host sends instead: the template itself, the action without faces, a die too
few or too many, a face the die does not have or one of another game's dice,
and the spacing and digit tricks of tests/core/test_hostile_input.py. Each must
get exactly one ``illegal`` error and leave the match, its screen and its
saved actions as they were. Runs on both interpreters.
"""

import unittest

import test_hostile_input as hostile
from table_rolls_kit import filled

from pawtrack import table_rolls

SEED = 29
TABLE_GAMES = ("mice_mystics", "mmm", "chop", "om_nom_nom")
# Faces of some die or none; those of the die being entered are left out.
OTHER_FACES = ("bread", "sword", "Bow", "bow ", "0", "4", "\u0661", "", table_rolls.MARK)


def hostile_entries(game, template, rng):
    """Entries for ``template`` the rules must refuse (none of them is legal)."""
    base = table_rolls.without_mark(template)
    good = filled(rng, game, template)
    words = good[len(base) + 1:].split(" ")
    out = [template, base, base + " ", good + " " + words[0]]
    if len(words) > 1:
        out.append(base + " " + " ".join(words[1:]))
    wrong = list(words)
    faces = game.entry_for(template)[0]
    wrong[rng.below(len(wrong))] = rng.choice([f for f in OTHER_FACES if f not in faces])
    out.append(base + " " + " ".join(wrong))
    out += hostile.variants(good, rng)
    return out


class TableRollsHostile(unittest.TestCase):
    # The protocol harness of test_hostile_input (its tests stay in their module).
    setUp = hostile.HostileInputTest.setUp
    send = hostile.HostileInputTest.send
    state = hostile.HostileInputTest.state
    saved_actions = hostile.HostileInputTest.saved_actions
    whole_state = hostile.HostileInputTest.whole_state
    refused = hostile.HostileInputTest.refused
    play = hostile.HostileInputTest.play

    def game(self):
        return self.app.session.match.game

    def test_hostile_entries_change_nothing(self):
        rng = hostile.Generator(SEED)
        for game_id in TABLE_GAMES:
            self.play(game_id, rng.below(1000), 0, rng, {"rolls": "table"})
            tried = 0
            for _ in range(120):
                legal = self.state()["legal"]
                if not legal:
                    break
                templates = [a for a in legal if a.endswith(" " + table_rolls.MARK)]
                if templates:
                    template = rng.choice(templates)
                    for entry in hostile_entries(self.game(), template, rng):
                        if entry in legal:
                            continue
                        self.refused({"cmd": "act", "action": entry}, ("illegal",))
                        tried += 1
                action = filled(rng, self.game(), rng.choice(templates or legal))
                if action.split(" ")[0] == "won":
                    continue
                self.assertEqual(self.send({"cmd": "act", "action": action})[-1]["ev"], "done")
            self.assertGreater(tried, 20, game_id)


if __name__ == "__main__":
    unittest.main()
