"""Hostile protocol lines: a refused command is exactly one error, and nothing changed.

Seeded generators (the same lines on CPython and MicroPython) send what an
adversarial host sends: a ``new`` or ``resume`` of another game that must be
refused (a bad option, nothing saved, a damaged head), option values equal
to an allowed one in ``==`` but not in type (10.0, True for 1, 0 for False),
and actions that differ from a legal one only in spacing or in the kind of
digit (" roll", "play\\u00a0wolf", "placed \\u0661"). Each must be refused
with one error, and the match, its screen and its saved actions must be as
before. Runs on both interpreters.
"""

import json
import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.files import make_folders, safe_write
from pawtrack.protocol import Protocol
from pawtrack.rng import Rng
from pawtrack.ui.app import App

SEED = 20261127
GAME_IDS = ("mmm", "mouse_chaos", "chop", "om_nom_nom", "mice_mystics")
SPACES = (" ", "  ", "\t", "\u00a0", "\u2003", "\u3000", "\n")
# Digits that CPython's int() and str.isdigit() read and MicroPython's do not.
OTHER_DIGITS = ("\u0660", "\u06f0", "\u0966", "\uff10", "\u1810")


class Generator(Rng):
    """The project's own seeded generator (MicroPython has no random.Random)."""


def variants(action, rng):
    """Strings a hostile host might send for ``action``: none of them is ``action``."""
    out = [" " + action, action + " ", action.upper() if action.upper() != action else action + "x"]
    space = rng.choice(SPACES)
    out.append(action.replace(" ", space, 1) if " " in action else space + action)
    out.append(action.replace(" ", "  ", 1) if " " in action else action + "\u00a0")
    digits = [index for index, char in enumerate(action) if "0" <= char <= "9"]
    if digits:
        index = rng.choice(digits)
        other = chr(ord(rng.choice(OTHER_DIGITS)) + ord(action[index]) - ord("0"))
        out.append(action[:index] + other + action[index + 1 :])
        out.append(action[:index] + "0" + action[index:])
    return [text for text in out if text != action]


def hostile_values(value):
    """Values equal to ``value`` under ``==`` (or close to it) but not of its type."""
    if isinstance(value, bool):
        return [int(value), float(value), str(value).lower()]
    if isinstance(value, int):
        out = [float(value), str(value), [value]]
        if value in (0, 1):
            out.append(value == 1)
        return out
    return [[value], {value: 1}, value.upper() + " "]


class HostileInputTest(unittest.TestCase):
    def setUp(self):
        self.app = App(make_hal(), games.catalog())
        self.app.step()
        self.out = []
        self.protocol = Protocol(self.app, self.out.append, board_name="test")

    def send(self, command):
        before = len(self.out)
        line = command if isinstance(command, str) else json.dumps(command)
        self.protocol.feed((line + "\n").encode())
        return [json.loads(text) for text in self.out[before:]]

    def state(self):
        events = self.send({"cmd": "state"})
        self.assertEqual(len(events), 1)
        return events[0]

    def saved_actions(self):
        match = self.app.session.match
        return None if match is None else match.actions(0, 10000)

    def whole_state(self):
        state = self.state()
        return state["screen"], state["text"], state["match"], state["legal"], self.saved_actions()

    def refused(self, command, codes):
        """``command`` must get exactly one error with a code in ``codes`` and change nothing."""
        before = self.whole_state()
        events = self.send(command)
        self.assertEqual([event["ev"] for event in events], ["error"], (command, events))
        self.assertIn(events[0]["code"], codes, command)
        self.assertTrue(events[0]["reason"])
        self.assertEqual(self.whole_state(), before, command)

    def play(self, game, seed, moves, rng, options=None):
        command = {"cmd": "new", "game": game, "seed": seed}
        if options is not None:
            command["options"] = options
        self.assertEqual(self.send(command)[-1]["ev"], "started")
        for _ in range(moves):
            legal = self.state()["legal"]
            if not legal:
                break
            self.assertEqual(
                self.send({"cmd": "act", "action": rng.choice(legal)})[-1]["ev"], "done"
            )

    # -- A: a refused new or resume of another game leaves the match alone ------------

    def test_a_refused_new_of_another_game_keeps_the_match(self):
        self.play("mmm", 1, 1, Generator(1))
        self.refused(
            {"cmd": "new", "game": "chop", "seed": 2, "options": {"players": 9}, "id": 3},
            ("bad_option",),
        )
        self.assertEqual(self.state()["match"]["game"], "mmm")

    def test_a_resume_of_another_game_with_nothing_saved_keeps_the_match(self):
        self.play("mmm", 1, 1, Generator(1))
        self.refused({"cmd": "resume", "game": "chop"}, ("no_saved_game",))
        self.assertEqual(self.state()["screen"], "MmmScreen")

    def test_a_resume_of_a_damaged_head_keeps_the_match_and_sets_it_aside(self):
        files = self.app.files
        make_folders(files, "saves/chop")
        safe_write(files, "saves/chop/head", b'{"game": "chop", "seed": 1, "gen": 0, "options": 7}')
        self.play("mmm", 1, 1, Generator(1))
        self.refused({"cmd": "resume", "game": "chop"}, ("no_saved_game",))
        self.assertTrue(files.exists("saves/chop/head.bad"))
        safe_write(files, "saves/chop/head", b'{"game": "mmm", "seed": 1, "gen": 0, "options": {}}')
        self.refused({"cmd": "resume", "game": "chop"}, ("no_saved_game",))

    def test_a_resume_of_a_save_whose_first_log_is_foreign_keeps_the_match(self):
        files = self.app.files
        self.play("chop", 3, 2, Generator(3))
        log = files.files["saves/chop/1.l0"]
        log[0:4] = b"JUNK"
        self.play("mmm", 1, 1, Generator(1))
        self.refused({"cmd": "resume", "game": "chop"}, ("no_saved_game",))
        self.assertTrue(files.exists("saves/chop/head.bad"))

    def test_hostile_new_and_resume_lines_change_nothing(self):
        rng = Generator(SEED)
        self.play("mmm", 4, 3, rng)
        for _ in range(60):
            game = rng.choice(GAME_IDS)
            kind = rng.below(10)
            if kind < 4:
                rules = games.find(game).load_rules()
                name = rng.choice([option[0] for option in rules.OPTIONS])
                command = {
                    "cmd": "new",
                    "game": game,
                    "options": {name: rng.choice((99, -1, "x", None))},
                }
            elif kind < 7:
                command = {
                    "cmd": "new",
                    "game": game,
                    "options": {"nonsense" + str(rng.below(9)): 1},
                }
            else:
                command = {"cmd": "resume", "game": rng.choice(GAME_IDS[1:])}
            if rng.below(2):
                command["seed"] = rng.below(1000)
            self.refused(command, ("bad_option", "no_saved_game"))

    # -- B: option values must be equal in type -------------------------------------

    def test_options_equal_only_in_value_are_refused(self):
        rng = Generator(SEED + 1)
        self.play("chop", 5, 2, rng)
        for game in GAME_IDS:
            rules = games.find(game).load_rules()
            for name, allowed, _ in rules.OPTIONS:
                for value in hostile_values(rng.choice(allowed)):
                    command = {"cmd": "new", "game": game, "options": {name: value}}
                    self.refused(command, ("bad_option",))

    def test_the_issue_reproductions_for_options(self):
        for game, options in (("mice_mystics", {"pages": 10.0}), ("mmm", {"track": 11.0})):
            self.refused(
                {"cmd": "new", "game": game, "seed": 1, "options": options}, ("bad_option",)
            )

    def test_a_saved_head_with_a_float_option_is_set_aside_and_said(self):
        files = self.app.files
        self.play("mice_mystics", 1, 0, Generator(1))
        head = {"game": "mice_mystics", "seed": 1, "gen": 1, "options": {"pages": 10.0}}
        safe_write(files, "saves/mice_mystics/head", json.dumps(head).encode())
        self.play("chop", 1, 1, Generator(1))
        self.refused({"cmd": "resume", "game": "mice_mystics"}, ("no_saved_game",))
        self.assertTrue(files.exists("saves/mice_mystics/head.bad"))
        # from the menu (a new app on the same flash): a note, never an Oops screen
        safe_write(files, "saves/mice_mystics/head", json.dumps(head).encode())
        hal = make_hal()
        hal.files = files
        app = App(hal, games.catalog())
        self.assertNotEqual(app.screen.__class__.__name__, "ErrorScreen")
        lines = " ".join(getattr(app.screen, "lines", []))
        self.assertNotIn("Oops", lines)
        match, message = app.resume_match("mice_mystics")
        self.assertIsNone(match)
        self.assertEqual(message, "Saved game no longer fits the rules; set aside.")

    # -- C: an accepted action is exactly one of legal ----------------------------------

    def test_actions_that_only_look_legal_are_refused(self):
        rng = Generator(SEED + 2)
        for game in GAME_IDS:
            self.play(game, rng.below(1000), 0, rng)
            for _ in range(25):
                legal = self.state()["legal"]
                if not legal:
                    break
                for action in rng.shuffle(list(legal))[:3]:
                    for variant in variants(action, rng):
                        if variant in legal:
                            continue
                        self.refused({"cmd": "act", "action": variant}, ("illegal",))
                self.assertEqual(
                    self.send({"cmd": "act", "action": rng.choice(legal)})[-1]["ev"], "done"
                )

    def test_the_issue_reproductions_for_actions(self):
        self.play("mmm", 1, 0, Generator(1))
        self.refused({"cmd": "act", "action": " roll"}, ("illegal",))
        self.send({"cmd": "act", "action": "roll"})
        self.play("om_nom_nom", 1, 0, Generator(1))
        self.send({"cmd": "act", "action": "roll"})
        legal = self.state()["legal"]
        self.assertIn("play wolf", legal)
        self.refused({"cmd": "act", "action": "play\u00a0wolf"}, ("illegal",))
        self.play("mmm", 2, 0, Generator(1), {"level": "lite"})
        self.send({"cmd": "act", "action": "roll"})
        legal = self.state()["legal"]
        self.assertIn("placed 1", legal)
        self.refused({"cmd": "act", "action": "placed \u0661"}, ("illegal",))
        self.refused({"cmd": "act", "action": "placed 01"}, ("illegal",))


if __name__ == "__main__":
    unittest.main()
