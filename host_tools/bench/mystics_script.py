"""A whole Mice and Mystics chapter played by button presses, kept as data for the benches.

    python -m host_tools.bench.mystics_script            # rewrite scripts/mice_mystics.txt
    python -m host_tools.bench.mystics_script --check    # exit 1 if the file is stale

The script is a list of presses in the simulator's ``--press`` syntax, from
power-on: the main menu, the chapter setup (end page 7; Collin, Nez and
Maginos; Rat warriors, dealt with an ambush) and then the chapter itself,
until it is won or lost. It is made by playing the real firmware in the
simulator with a seeded player who mostly takes the choice the device
suggests (ok) and now and then another one (right, then ok), and takes
whatever a picker offers; so a person could press the same buttons. The
simulator's seeds count from 1, so the presses give the same chapter every
time, on the simulator (``--press "$(cat ...)"``), in the tests and in the
MicroPython benchmark (host_tools/bench/mystics.py).

If a screen changes what a press does, regenerate the file and commit it.
"""

import argparse
import os
import sys

from host_tools.screenshots import MICE_MYSTICS_SETUP
from host_tools.sim.simulator import Simulator
from pawtrack.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "host_tools", "bench", "scripts", "mice_mystics.txt")
PLAYER_SEED = 7  # a chapter with every kind of turn that ends whatever the dice
MAX_PRESSES = 6000
PER_LINE = 16


def play(seed=PLAYER_SEED, max_presses=MAX_PRESSES):
    """(presses, simulator at the end): a chapter from power-on to its end."""
    sim = Simulator()
    presses = []

    def press(word):
        sim.run(word)
        presses.append(word)

    for word in MICE_MYSTICS_SETUP.split():
        press(word)
    player = Rng(seed)
    game = sim.app.session.match.game
    while not game.is_over() and len(presses) < max_presses:
        screen = sim.screen_name()
        if screen == "MysticsScreen":
            if player.below(8) == 0:
                for _ in range(player.between(1, 5)):
                    press("right")
            press("ok")
        elif screen == "Picker":
            if player.below(5) == 0:
                press("right")
            press("ok")
        elif screen == "ToggleList":
            for _ in range(player.below(4)):
                press("right")
            press("ok")
            press("back")
        elif screen in ("ConfirmScreen", "MessageScreen"):
            press("ok")  # a confirmation starts on "no"; a message is read
        else:
            press("back")
        game = sim.app.session.match.game
    return presses, sim


def as_text(presses):
    lines = []
    for start in range(0, len(presses), PER_LINE):
        lines.append(" ".join(presses[start : start + PER_LINE]))
    return "\n".join(lines) + "\n"


def read_script(path=SCRIPT):
    """The presses of the script file, as one ``--press`` string of button presses only
    (its ``open:`` word replaced by the presses it takes, for players without a menu to
    look at, as the MicroPython benchmark)."""
    from host_tools.bench.scripts import Script
    from host_tools.sim.press_words import word_text

    with open(path) as handle:
        script = Script("mice_mystics", handle.read(), path)
    return " ".join(word_text(*word) for word in script.words)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the file is current")
    args = parser.parse_args(argv)
    presses, sim = play()
    text = as_text(presses)
    game = sim.app.session.match.game
    summary = "%d presses, %d actions, %s" % (
        len(presses),
        sim.app.session.match.moves,
        game.summary(),
    )
    if args.check:
        with open(SCRIPT) as handle:
            if handle.read() != text:
                print(
                    "mystics_script: %s is stale; run python -m host_tools.bench.mystics_script"
                    % os.path.relpath(SCRIPT, ROOT)
                )
                return 1
        print("mystics_script: current (%s)" % summary)
        return 0
    os.makedirs(os.path.dirname(SCRIPT), exist_ok=True)
    with open(SCRIPT, "w") as handle:
        handle.write(text)
    print("%s: %s" % (os.path.relpath(SCRIPT, ROOT), summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
