"""Random legal Mice and Mystics play through `python -m host_tools.sim --serial`.

The simulator runs as its own process and speaks the JSON-lines protocol on
stdin/stdout, as a host would talk to the device. Chapters are started with
``new`` and played with ``act``, each action picked at random from the
``legal`` list of the previous answer (turns ended often, the chapter rarely
declared won), until a chapter ends (then a new one starts) or 500 actions
were played. No action may be refused, and at the end ``state`` must give
the match whose actions, replayed from its seed, make the same state.
"""

import json
import os
import random
import selectors
import subprocess
import sys
import time

from pawtrack.game import resolve_options
from pawtrack.games.mice_mystics.rules import MiceMystics
from pawtrack.rng import Rng

from .test_sim import ROOT

ACTIONS = 500
TIMEOUT_S = 20


class Device:
    """The simulator in --serial mode: send a command, collect lines up to its answer."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host_tools.sim", "--serial"], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.next_id = 0

    def line(self, deadline):
        while b"\n" not in self.buffer:
            if time.monotonic() > deadline:
                raise AssertionError("no answer from the simulator")
            if self.selector.select(timeout=0.5):
                data = os.read(self.process.stdout.fileno(), 65536)
                if not data:
                    raise AssertionError("the simulator ended: %s" % self.process.stderr.read())
                self.buffer += data
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def send(self, command):
        """(events before the answer, the answer): the answer carries the command's id."""
        self.next_id += 1
        command["id"] = self.next_id
        self.process.stdin.write((json.dumps(command) + "\n").encode())
        self.process.stdin.flush()
        deadline = time.monotonic() + TIMEOUT_S
        events = []
        while True:
            event = self.line(deadline)
            if event.get("id") == self.next_id:
                return events, event
            events.append(event)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=TIMEOUT_S)


def pick(chooser, legal):
    if "won" in legal and chooser.random() < 0.002:
        return "won"
    others = [action for action in legal if action != "won"] or legal
    if "end" in others and chooser.random() < 0.3:
        return "end"
    return chooser.choice(others)


def test_random_legal_play_over_the_serial_protocol():
    chooser = random.Random(14)
    device = Device()
    try:
        played = 0
        chapters = 0
        seed = 100
        legal = []
        over = True
        while played < ACTIONS:
            if over:
                seed += 1
                chapters += 1
                _events, answer = device.send({"cmd": "new", "game": "mice_mystics", "seed": seed,
                                               "options": {"overflow": chooser.choice(
                                                   ("reset", "keep"))}})
                assert answer["ev"] == "started", answer
                legal = answer["legal"]
                over = False
            action = pick(chooser, legal)
            events, answer = device.send({"cmd": "act", "action": action})
            assert answer["ev"] == "done", (action, answer)
            assert answer["action"] == action
            assert not [e for e in events if e["ev"] == "error"], events
            legal = answer["legal"]
            over = answer["over"]
            assert over == (legal == [])
            played += 1
        _events, state = device.send({"cmd": "state"})
        actions = []
        while len(actions) < state["match"]["moves"]:
            _events, page = device.send({"cmd": "log", "from": len(actions)})
            assert page["actions"], page
            actions.extend(page["actions"])
    finally:
        device.close()
    assert chapters >= 1
    assert state["screen"] == "MysticsScreen"
    match = state["match"]
    assert match["game"] == "mice_mystics" and match["seed"] == seed
    assert match["recent"] == actions[-len(match["recent"]):]
    # The match in `state` is seed + actions: replayed here, the same chapter.
    rules = MiceMystics(resolve_options(MiceMystics, match["options"]), Rng(match["seed"]))
    for action in actions:
        rules.apply(action)
    assert json.loads(json.dumps(rules.state())) == match["state"]
    assert state["legal"] == rules.legal_actions()
