"""Saved matches made on the host, for an emulated Pico to find on its flash at power-on.

Playing 1,000 actions by buttons on the emulator would take many minutes, so
long matches are played here instead, by the firmware's own code through the
serial protocol (``pawtrack.protocol`` on the simulator's backend, which writes
the journal with the firmware's journal code into a folder). The folder's files
are what the device's flash would hold after the same match; put them on an
emulated Pico with ``EmulatedPico(files=firmware_files() + saved_files(folder))``.

``play_long_match`` keeps a match going for the requested number of journalled
actions: it picks a legal action with the project's RNG, and when an action
ends the game it undoes it (undo is journalled too) and picks another; with
``undo=False`` it looks ahead instead (on a copy of the rules) and never picks
an action that would end the game, so the journal holds actions only.
"""

import copy
import json
import os

from host_tools.sim.simulator import Simulator
from pawtrack.protocol import Protocol
from pawtrack.rng import Rng


class _Line:
    def __init__(self):
        self.events = []

    def __call__(self, text):
        self.events.append(json.loads(text))


def play_long_match(
    state_dir, game="chop", actions=1000, seed=1, options=None, commands=None, undo=True
):
    """Play a match of ``game`` of ``actions`` actions (not counting undone ones) into state_dir.

    Returns the match snapshot at the end (the protocol's ``state``): what a resume
    must give back. ``commands``, a list, receives every protocol command sent (the
    ``new``, then each ``act`` and ``undo``), to play the same match on a device."""
    sim = Simulator(state_dir=state_dir)
    out = _Line()
    protocol = Protocol(sim.app, out, "pico")

    def call(command):
        if commands is not None and command["cmd"] != "state":
            commands.append(command)
        out.events.clear()
        protocol.handle_line(json.dumps(command))
        answer = out.events[-1]
        if answer.get("ev") == "error":
            raise RuntimeError("%s: %s" % (command, answer))
        return answer

    answer = call({"cmd": "new", "game": game, "seed": seed, "options": options or {}})
    legal = answer["legal"]
    choose = Rng(seed + 1)
    count = 0
    while count < actions:
        if undo:
            action = choose.choice(legal)
        else:
            action = lasting_action(sim.app.session.match.game, legal, choose)
        done = call({"cmd": "act", "action": action})
        if done["over"]:
            done = call({"cmd": "undo"})
        count = done["actions"]
        legal = done["legal"]
    return call({"cmd": "state"})["match"]


def lasting_action(game, legal, choose):
    """A random legal action after which the game is not over (tried on copies)."""
    candidates = list(legal)
    while candidates:
        action = candidates.pop(choose.below(len(candidates)))
        trial = copy.deepcopy(game)
        trial.apply(action)
        if not trial.is_over():
            return action
    raise RuntimeError("every legal action ends the game")


def saved_files(state_dir):
    """[(path on the device, bytes)] of every file the match left in state_dir."""
    files = []
    for top, _dirs, names in os.walk(state_dir):
        for name in sorted(names):
            local = os.path.join(top, name)
            remote = "/" + os.path.relpath(local, state_dir).replace(os.sep, "/")
            with open(local, "rb") as f:
                files.append((remote, f.read()))
    return files
