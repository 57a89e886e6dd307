"""Fuzz the serial protocol: 10000 random and mutated lines, no crash, nothing changed.

Every line must get an answer; a line answered with an ``error`` must leave
the match exactly as it was. The few mutations that happen to be valid
commands are allowed to act, and the baseline moves with them.
"""

import json
import random

from host_tools.sim.simulator import Simulator
from pawtrack.protocol import Protocol

LINES = 10000

VALID = [
    {"cmd": "hello"},
    {"cmd": "state"},
    {"cmd": "act", "action": "roll"},
    {"cmd": "act", "action": "cheese +1"},
    {"cmd": "undo"},
    {"cmd": "press", "button": "ok", "kind": "short"},
    {"cmd": "new", "game": "chop", "seed": 1, "options": {"players": 3}},
    {"cmd": "screen"},
]

JUNK_VALUES = [None, True, 0, -1, 2**40, 1.5, "", "x" * 50, [], {}, [1, "a"], {"a": {"b": []}}]


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        position = rng.randrange(len(chars) + 1)
        if choice < 0.3 and chars:
            del chars[min(position, len(chars) - 1)]
        elif choice < 0.6:
            chars.insert(position, rng.choice('{}[]",:\\ \x00\xff\u00e9abc0123456789'))
        elif chars:
            chars[min(position, len(chars) - 1)] = chr(rng.randrange(1, 0x250))
    return "".join(chars)


def random_line(rng):
    kind = rng.random()
    if kind < 0.15:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b"")
    if kind < 0.55:
        return mutate(rng, json.dumps(rng.choice(VALID))).encode("utf-8", "replace")
    if kind < 0.85:
        command = dict(rng.choice(VALID))
        key = rng.choice(list(command) + ["id", "extra"])
        command[key] = rng.choice(JUNK_VALUES)
        return json.dumps(command).encode()
    if kind < 0.95:
        return json.dumps(rng.choice(JUNK_VALUES)).encode()
    return b"{" + b'"a": 1, ' * rng.randrange(100, 200) + b"}"


def test_fuzz_lines_never_crash_or_change_the_match(tmp_path):
    rng = random.Random(20261121)
    sim = Simulator(state_dir=str(tmp_path))
    out = []
    protocol = Protocol(sim.app, out.append)
    protocol.feed(b'{"cmd": "new", "game": "chop", "seed": 5}\n')
    protocol.feed(b'{"cmd": "act", "action": "roll"}\n')
    baseline = sim.app.session.match.snapshot()
    errors = 0
    for _ in range(LINES):
        line = random_line(rng).replace(b"\n", b" ").replace(b"\r", b" ")
        before = len(out)
        protocol.feed(line + b"\n")
        answers = [json.loads(text) for text in out[before:]]
        if not line.strip(b" \t"):
            continue
        assert answers, line[:80]
        match = sim.app.session.match
        if any(answer["ev"] == "error" for answer in answers):
            assert len(answers) == 1, answers
            assert answers[0]["code"] and answers[0]["reason"]
            errors += 1
            assert match.snapshot() == baseline, line[:80]
        else:
            baseline = match.snapshot()
        del out[:]
    assert errors > LINES * 0.8
    print("protocol fuzz: %d lines, %d answered with an error" % (LINES, errors))
