"""Mice and Mystics benchmarks: .mpy size, chapters per second, replay, and a chapter by buttons.

    python -m host_tools.bench.mystics [--cpython-only]

On CPython it prints the ``.mpy`` size of every file of the game package
(mpy-cross -march=armv6m), random legal chapters per second, and the time to
rebuild a chapter from its actions (what resume and undo do); then it runs
itself under the MicroPython WebAssembly interpreter, loading the compiled
``.mpy`` files as the device does, where ``steps()`` boots the app and plays
the whole chapter of host_tools/bench/scripts/mice_mystics.txt one button
press per step (the runner prints the live heap peak), and prints the time
per press.

The WebAssembly interpreter is not an RP2040: its heap grows on demand and
it runs at the host's speed, so its heap and time figures are a rough guide
only; the device's figures come from the emulated Pico.
"""

import sys
import time

MICROPYTHON = sys.implementation.name == "micropython"
if not MICROPYTHON:
    import host_tools  # noqa: F401  (puts firmware/ on sys.path)

from pawtrack.rng import Rng  # noqa: E402

CHAPTERS = 10 if MICROPYTHON else 200
SETUP = (
    "endpage 8",
    "hero collin",
    "hero nez",
    "hero tilda",
    "minion rats",
    "minion spider",
    "deal ambush",
)
FOLDER = "/bench-mystics"
REPLAY_SEED = 3


def now_us():
    if MICROPYTHON:
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def since_us(start):
    if MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), start)
    return now_us() - start


def new_chapter(seed):
    from pawtrack.game import resolve_options
    from pawtrack.games.mice_mystics.rules import MiceMystics

    return MiceMystics(resolve_options(MiceMystics, {}), Rng(seed))


def random_chapter(seed, limit=600):
    """The actions of one random legal chapter (turns ended often, rarely "won")."""
    game = new_chapter(seed)
    chooser = Rng(seed + 99)
    actions = list(SETUP)
    for action in SETUP:
        game.apply(action)
    while not game.is_over() and len(actions) < limit:
        legal = game.legal_actions()
        if "end" in legal and chooser.below(3) == 0:
            action = "end"
        else:
            action = chooser.choice([a for a in legal if a != "won"] or legal)
        game.apply(action)
        actions.append(action)
    return actions


def chapters_per_second():
    start = now_us()
    total = 0
    for seed in range(CHAPTERS):
        total += len(random_chapter(seed))
    elapsed = max(1, since_us(start))
    return CHAPTERS * 1000000 // elapsed, total * 1000000 // elapsed, total // CHAPTERS


def replay_us(seed, actions):
    """Rebuilding the rules from the seed and every action, as resume does."""
    start = now_us()
    game = new_chapter(seed)
    for action in actions:
        game.apply(action)
    return since_us(start)


def main():
    print("Mice and Mystics benchmark on %s" % sys.implementation.name)
    per_chapter, per_action, length = chapters_per_second()
    print(
        "  random legal chapters: %d chapters/s, %d actions/s (%d chapters, %d actions each)"
        % (per_chapter, per_action, CHAPTERS, length)
    )
    actions = random_chapter(REPLAY_SEED, limit=500)
    print(
        "  rebuilding a %d-action chapter from its seed (resume, undo): %d ms"
        % (len(actions), replay_us(REPLAY_SEED, actions) // 1000)
    )


# -- under MicroPython: the app and a whole chapter by button presses -----------------


class Strip:
    count = 12

    def write(self, colors):
        pass


class Buttons:
    names = ("left", "ok", "right", "back")
    down_at = None

    def read(self):
        return (False, False, False, False)


def steps():
    """Boot the app and play the presses given as arguments (label, presses), one per step."""
    import os

    from pawtrack import games
    from pawtrack.buttons import LONG, SHORT
    from pawtrack.files import OsFiles
    from pawtrack.gfx.canvas import Canvas
    from pawtrack.hal import Hal
    from pawtrack.hal.virtual_clock import VirtualClock
    from pawtrack.ui.app import App

    label = sys.argv[1]
    presses = sys.argv[2].split()
    try:
        os.mkdir(FOLDER)
    except OSError:
        pass
    board = {"name": "bench", "track": tuple(range(12)), "status": (), "max_brightness": 200}
    clock = VirtualClock()
    hal = Hal(Canvas(), Strip(), Buttons(), clock, OsFiles(FOLDER), board, new_seed=lambda: 1)
    app = App(hal, games.catalog())
    app.render()
    yield
    slowest = 0
    total = 0
    count = 0
    for word in presses:
        match = app.session.match
        if match is not None and match.is_over():
            break
        count += 1
        name, _, kind = word.partition(":")
        start = now_us()
        app.press(name, LONG if kind == "long" else SHORT)
        app.step()
        took = since_us(start)
        total += took
        slowest = max(slowest, took)
        hal.clock.now += 200
        yield
    game = app.session.match.game
    print(
        "  %s by %d presses: %s after %d actions"
        % (label, count, game.summary(), app.session.match.moves)
    )
    print(
        "  time per press (press + redraw, WebAssembly, not a Pico figure): mean %d us,"
        " slowest %d us" % (total // count, slowest)
    )


def run_under_micropython():
    """CPython only: .mpy sizes, then this script on the WebAssembly MicroPython with the .mpy."""
    import os
    import subprocess

    from host_tools.bench.mystics_script import read_script
    from host_tools.compile import compile_all

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tree = os.path.join(root, "build", "bench-mystics-mpy")
    compiled, failures = compile_all("armv6m", tree)
    package = [(name, size) for name, size in compiled if "games/mice_mystics/" in name]
    print(
        "  .mpy (armv6m) of games/mice_mystics: %d bytes in %d files"
        % (sum(size for _, size in package), len(package))
    )
    for name, size in sorted(package, key=lambda item: -item[1]):
        print("    %-40s %6d bytes" % (name, size))
    if failures:
        print("  compile failures: %d" % len(failures))
        return 1
    script = os.path.join("host_tools", "bench", "mystics.py")
    runs = (
        ("a Mice & Mystics chapter", read_script()),
        ("a Mmm! game (for comparison)", mmm_presses()),
    )
    status = 0
    for label, presses in runs:
        print("under MicroPython (WebAssembly, loading the .mpy): the app and %s" % label)
        sys.stdout.flush()
        command = [
            sys.executable,
            "-m",
            "host_tools.mp_tests",
            "--firmware",
            tree,
            "--run",
            script,
            label,
            presses,
        ]
        status = status or subprocess.call(command, cwd=root)
    return status


def mmm_presses():
    """Presses for a whole Mmm! game from power-on: ok on every screen, as the simulator plays."""
    from host_tools.sim.simulator import Simulator

    sim = Simulator()
    presses = []
    while sim.app.session.match is None or not sim.app.session.match.is_over():
        sim.press("ok")
        presses.append("ok")
    return " ".join(presses)


if __name__ == "__main__":
    if not MICROPYTHON or len(sys.argv) < 3:
        main()
    if not MICROPYTHON and "--cpython-only" not in sys.argv:
        sys.stdout.flush()
        sys.exit(run_under_micropython())
