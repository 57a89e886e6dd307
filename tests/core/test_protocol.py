"""The serial protocol v1 on both interpreters: commands, events, and bad lines."""

import json
import unittest

from recording_hal import make_hal
from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack import games
from pawtrack.protocol import MAX_LINE, Protocol
from pawtrack.ui.app import App


class ProtocolTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("protocol")
        self.hal = make_hal(self.folder)
        self.app = App(self.hal, games.catalog())
        self.app.step()
        self.out = []
        self.protocol = Protocol(self.app, self.out.append, board_name="test")

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def send(self, command):
        """Send one command; return the events it produced."""
        before = len(self.out)
        line = command if isinstance(command, str) else json.dumps(command)
        self.protocol.feed((line + "\n").encode())
        return [json.loads(text) for text in self.out[before:]]

    def only(self, command, kind):
        events = self.send(command)
        self.assertEqual(len(events), 1, events)
        self.assertEqual(events[0]["ev"], kind, events)
        return events[0]

    def snapshot(self):
        return self.only({"cmd": "state"}, "state")["match"]

    def test_hello_says_protocol_1(self):
        hello = self.only({"cmd": "hello", "id": 7}, "hello")
        self.assertEqual(hello["protocol"], 1)
        self.assertEqual(hello["id"], 7)
        self.assertEqual(hello["board"], "test")
        self.assertIn("chop", hello["games"])

    def test_new_act_undo_state(self):
        events = self.send({"cmd": "new", "game": "chop", "seed": 42})
        kinds = [event["ev"] for event in events]
        self.assertEqual(kinds[0], "new")
        self.assertEqual(kinds[-1], "started")
        self.assertEqual(events[-1]["seed"], 42)
        self.assertIn("roll", events[-1]["legal"])
        events = self.send({"cmd": "act", "action": "roll"})
        self.assertEqual(events[-1]["ev"], "done")
        self.assertEqual(events[-1]["actions"], 1)
        game_events = events[:-1]
        self.assertTrue(game_events, "the roll must be announced as it happens")
        rolled = self.snapshot()
        self.assertEqual((rolled["moves"], rolled["recent"]), (1, ["roll"]))
        undo = self.send({"cmd": "undo"})
        self.assertEqual(undo[0], {"ev": "undo", "action": "roll"})
        self.assertEqual((self.snapshot()["moves"], self.snapshot()["recent"]), (0, []))
        again = self.send({"cmd": "act", "action": "roll"})
        self.assertEqual(again[:-1], game_events)  # undo cannot re-roll the dice
        self.assertEqual(self.snapshot(), rolled)

    def test_state_lists_legal_actions_and_screen_text(self):
        state = self.only({"cmd": "state"}, "state")
        self.assertEqual((state["match"], state["legal"]), (None, []))
        self.send({"cmd": "new", "game": "chop", "seed": 1})
        state = self.only({"cmd": "state"}, "state")
        self.assertEqual(state["legal"], self.app.session.match.game.legal_actions())
        self.assertIn("roll", state["legal"])
        self.assertEqual(state["screen"], "ChopScreen")
        self.assertTrue(state["text"] and all(isinstance(line, str) for line in state["text"]))

    def test_log_pages_through_the_actions(self):
        self.send({"cmd": "new", "game": "chop", "seed": 1})
        done = []
        for _ in range(60):
            legal = self.only({"cmd": "state"}, "state")["legal"]
            self.send({"cmd": "act", "action": legal[0]})
            done.append(legal[0])
        page = self.only({"cmd": "log"}, "log")
        self.assertEqual((page["from"], page["moves"], page["actions"]), (0, 60, done[:50]))
        page = self.only({"cmd": "log", "from": 50}, "log")
        self.assertEqual(page["actions"], done[50:])
        self.assertEqual(self.only({"cmd": "log", "from": -1}, "error")["code"], "bad_field")

    def test_hostile_lines_get_one_clear_error(self):
        for line, code in (
            ("[" * 990, "bad_json"),
            ('{"a":' * 150 + "1" + "}" * 150, "missing_field"),
        ):
            events = self.send(line)
            self.assertEqual([event["ev"] for event in events], ["error"], line[:20])
            self.assertEqual(events[0]["code"], code)
        hello = self.only({"cmd": "hello", "id": 1.5}, "hello")
        self.assertEqual(hello["id"], 1.5)

    def test_screen_is_the_framebuffer_in_hex(self):
        screen = self.only({"cmd": "screen"}, "screen")
        self.assertEqual(len(screen["hex"]), 2048)
        first = int(screen["hex"][:2], 16)
        self.assertEqual(first, self.app.canvas.buffer[0])

    def test_press_moves_the_menu(self):
        before = self.app.screen
        event = self.only({"cmd": "press", "button": "left"}, "pressed")
        self.assertEqual(event["screen"], "HomeScreen")
        event = self.only({"cmd": "press", "button": "ok"}, "pressed")
        self.assertEqual(event["screen"], "SettingsScreen")
        self.assertIsNot(self.app.screen, before)

    def test_bad_lines_get_one_error_and_change_nothing(self):
        self.send({"cmd": "new", "game": "chop", "seed": 3})
        self.send({"cmd": "act", "action": "roll"})
        before = self.snapshot()
        cases = (
            ("{not json", "bad_json"),
            ("[1, 2]", "not_object"),
            ('"cmd"', "not_object"),
            ('{"cmd": "dance"}', "unknown_cmd"),
            ('{"nocmd": 1}', "missing_field"),
            ('{"cmd": "act"}', "missing_field"),
            ('{"cmd": "act", "action": 5}', "bad_field"),
            ('{"cmd": "act", "action": "fly away"}', "illegal"),
            ('{"cmd": "press", "button": "up"}', "bad_field"),
            ('{"cmd": "press", "button": "ok", "kind": "double"}', "bad_field"),
            ('{"cmd": "new", "game": "chess"}', "unknown_game"),
            ('{"cmd": "new", "game": "chop", "options": {"players": 99}}', "bad_option"),
            ('{"cmd": "new", "game": "chop", "seed": -1}', "bad_field"),
            ('{"cmd": "state", "id": [1]}', "bad_field"),
            ('{"cmd": "state", "id": true}', "bad_field"),
            ('{"cmd": "resume", "game": "chess"}', "unknown_game"),
            ('{"cmd": "resume", "game": 3}', "bad_field"),
            ('{"cmd": "log", "from": "x"}', "bad_field"),
            ('{"cmd": "act", "action": "' + "x" * (MAX_LINE + 10) + '"}', "too_long"),
        )
        for line, code in cases:
            events = self.send(line)
            self.assertEqual(len(events), 1, line[:60])
            self.assertEqual(events[0]["ev"], "error", line[:60])
            self.assertEqual(events[0]["code"], code, line[:60])
            self.assertTrue(events[0]["reason"])
        self.assertEqual(self.snapshot(), before)

    def test_act_without_a_match_is_an_error(self):
        event = self.only({"cmd": "act", "action": "roll"}, "error")
        self.assertEqual(event["code"], "no_match")

    def test_lines_split_across_reads_and_crlf(self):
        self.protocol.feed(b'{"cmd": "hel')
        self.assertEqual(self.out, [])
        self.protocol.feed(b'lo"}\r\n')
        self.assertEqual(json.loads(self.out[-1])["ev"], "hello")

    def test_overlong_line_is_one_error_then_recovers(self):
        self.protocol.feed(b"{" + b" " * 3000 + b"}\n")
        self.protocol.feed(b'{"cmd": "hello"}\n')
        kinds = [json.loads(text)["ev"] for text in self.out]
        self.assertEqual(kinds, ["error", "hello"])

    def test_resume_after_restart(self):
        self.send({"cmd": "new", "game": "chop", "seed": 9})
        self.send({"cmd": "act", "action": "roll"})
        before = self.snapshot()
        app = App(make_hal(self.folder), games.catalog())  # power cycle: same flash, new app
        out = []
        protocol = Protocol(app, out.append)
        protocol.feed(b'{"cmd": "resume"}\n')
        self.assertEqual(json.loads(out[-1])["ev"], "done")
        protocol.feed(b'{"cmd": "state"}\n')
        self.assertEqual(json.loads(out[-1])["match"], before)

    def test_each_game_keeps_its_own_saved_match(self):
        self.send({"cmd": "new", "game": "chop", "seed": 9})
        self.send({"cmd": "act", "action": "roll"})
        chop = self.snapshot()
        self.send({"cmd": "new", "game": "mouse_chaos", "seed": 4})
        self.send({"cmd": "act", "action": "draw"})
        chaos = self.snapshot()
        self.app.finish_still_work()  # the menu's order written, as on a still device
        app = App(make_hal(self.folder), games.catalog())  # power cycle
        labels = app.screen.entries()
        self.assertEqual(labels[:2], ["Resume Mouse Chaos", "Resume Cat & Mouse"])
        out = []
        protocol = Protocol(app, out.append)
        protocol.feed(b'{"cmd": "resume", "game": "chop"}\n{"cmd": "state"}\n')
        self.assertEqual(json.loads(out[-1])["match"], chop)
        protocol.feed(b'{"cmd": "resume"}\n{"cmd": "state"}\n')  # the latest played: chop
        self.assertEqual(json.loads(out[-1])["match"], chop)
        protocol.feed(b'{"cmd": "resume", "game": "mouse_chaos"}\n{"cmd": "state"}\n')
        self.assertEqual(json.loads(out[-1])["match"], chaos)
