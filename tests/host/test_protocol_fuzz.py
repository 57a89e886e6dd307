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


SPACES = (" ", "  ", "\t", "\u00a0", "\u2003", "\u3000")
OTHER_DIGITS = ("\u0660", "\u06f0", "\u0966", "\uff10")
GAME_IDS = ("mmm", "mouse_chaos", "chop", "om_nom_nom", "mice_mystics")
HOSTILE_LINES = 4000


def look_alike(rng, action):
    """A string that a lax parser would read as ``action`` (and is not it)."""
    choice = rng.randrange(5)
    if choice == 0:
        return rng.choice(SPACES) + action
    if choice == 1:
        return action + rng.choice(SPACES)
    if choice == 2 and " " in action:
        return action.replace(" ", rng.choice(SPACES[1:]), 1)
    digits = [index for index, char in enumerate(action) if char.isdigit()]
    if choice == 3 and digits:
        index = rng.choice(digits)
        other = chr(ord(rng.choice(OTHER_DIGITS)) + int(action[index]))
        return action[:index] + other + action[index + 1 :]
    if digits:
        index = rng.choice(digits)
        return action[:index] + "0" + action[index:]
    return action.upper() if action.upper() != action else action + "\u00a0"


def near_value(rng, value):
    """A value equal to ``value`` under ``==`` (or nearly) but not of its type."""
    if isinstance(value, bool):
        return rng.choice([int(value), float(value)])
    if isinstance(value, int):
        return rng.choice([float(value), str(value), value == 1 if value in (0, 1) else -value - 1])
    return rng.choice([value + " ", value.upper(), [value]])


def hostile_command(rng, legal):
    """A command a hostile host sends: most must be refused, a few are real moves."""
    kind = rng.random()
    game = rng.choice(GAME_IDS)
    if kind < 0.25:
        from pawtrack import games

        rules = games.find(game).load_rules()
        name, allowed, _ = rng.choice(rules.OPTIONS)
        return {"cmd": "new", "game": game, "seed": rng.randrange(99),
                "options": {name: near_value(rng, rng.choice(allowed))}}  # fmt: skip
    if kind < 0.35:
        return {"cmd": "new", "game": game, "options": {"players": rng.choice([0, 9, 99])}}
    if kind < 0.45:
        return {"cmd": "resume", "game": game}
    if kind < 0.85 and legal:
        return {"cmd": "act", "action": look_alike(rng, rng.choice(legal))}
    if kind < 0.95 and legal:
        return {"cmd": "act", "action": rng.choice(legal)}
    return {"cmd": "undo"}


def test_hostile_commands_that_are_refused_change_nothing(tmp_path):
    """Lines that look valid (another game's new with a near-miss option, a resume of a game
    with nothing saved, an action spelled like a legal one): a refusal is one error, and the
    screen, the match and its saved actions are as before."""
    rng = random.Random(20261127)
    sim = Simulator(state_dir=str(tmp_path))
    out = []
    protocol = Protocol(sim.app, out.append)
    protocol.feed(b'{"cmd": "new", "game": "mmm", "seed": 5}\n{"cmd": "act", "action": "roll"}\n')

    def whole():
        match = sim.app.session.match
        snapshot = None if match is None else (match.snapshot(), match.actions(0, 1000))
        return type(sim.app.screen).__name__, snapshot

    refused = 0
    baseline = whole()
    for _ in range(HOSTILE_LINES):
        match = sim.app.session.match
        legal = match.game.legal_actions() if match is not None else []
        command = hostile_command(rng, legal)
        del out[:]
        protocol.feed((json.dumps(command) + "\n").encode())
        answers = [json.loads(text) for text in out]
        if any(answer["ev"] == "error" for answer in answers):
            assert len(answers) == 1, (command, answers)
            assert answers[0]["code"] != "internal", (command, answers)
            assert whole() == baseline, command
            refused += 1
        else:
            assert command["cmd"] in ("act", "undo", "resume") and (
                command["cmd"] != "act" or command["action"] in legal
            ), command
            baseline = whole()
    assert refused > HOSTILE_LINES // 2
    print("hostile commands: %d lines, %d refused" % (HOSTILE_LINES, refused))
