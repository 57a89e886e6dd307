"""Mmm! benchmarks: simulated games per second, worst-case odds time, heap of a game.

    python -m host_tools.bench.mmm [--cpython-only]   (CPython, then MicroPython)
    python -m host_tools.mp_tests --run host_tools/bench/mmm.py     (MicroPython only)

The same file runs on both interpreters (MicroPython: no argparse, ticks_us);
on CPython it also runs itself under the MicroPython runner unless told not
to (``make bench`` runs it that way). It prints:

* games per second with random legal actions, per knowledge level and variant;
* the odds (bust chance + completion chance) at every re-roll decision of a
  set of seeded random games on both sides and variants: the slowest one, and
  a fixed early line-variant position (side 2, seed 66) that is among the
  slowest found;
* under the MicroPython runner, ``steps()`` then plays one full game an action
  per step, computing the odds at each decision as the device shows them, and
  the runner prints the live heap peak of the game.

The WebAssembly MicroPython is not an RP2040: its times only say how the work
scales. The Pico is roughly 50-100x slower than CPython on this code; the
device budget for the odds is well under 100 ms.
"""

import sys
import time

MICROPYTHON = sys.implementation.name == "micropython"
if not MICROPYTHON:
    import host_tools  # noqa: F401  (puts firmware/ on sys.path)

from pawtrack.games.mmm.odds import bust_chance, complete_chance  # noqa: E402
from pawtrack.games.mmm.rules import MmmGame  # noqa: E402
from pawtrack.rng import Rng  # noqa: E402

GAMES = 20 if MICROPYTHON else 400
SCAN_GAMES = 4 if MICROPYTHON else 60
REFERENCE_OPTIONS = {"level": "board", "side": 2, "variant": "line"}
REFERENCE_SEED = 66
REFERENCE_ACTIONS = ("roll", "place 2 1 3", "reroll", "place 0 4 3", "stop", "roll", "place 0 2 2")


def now_us():
    if MICROPYTHON:
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def since_us(start):
    if MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), start)
    return now_us() - start


def play_random(options, seed):
    """One game with random legal actions; returns the number of actions."""
    game = MmmGame(options, Rng(seed))
    chooser = Rng(seed ^ 0x5A5A5A5A)
    count = 0
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
        count += 1
    return count


def games_per_second(options, games):
    start = now_us()
    actions = 0
    for seed in range(games):
        actions += play_random(options, seed)
    elapsed = max(1, since_us(start))
    return games * 1000000 // elapsed, actions * 1000000 // elapsed


def odds_time_us(game):
    """Microseconds for both odds at this moment: the fastest of 3 runs on CPython,
    the mean of 10 on MicroPython (the WebAssembly clock ticks in milliseconds)."""
    if MICROPYTHON:
        start = now_us()
        for _ in range(10):
            bust_chance(game)
            complete_chance(game)
        return since_us(start) // 10
    best = None
    for _ in range(3):
        start = now_us()
        bust_chance(game)
        complete_chance(game)
        elapsed = since_us(start)
        best = elapsed if best is None or elapsed < best else best
    return best


def slowest_decision(games):
    """(microseconds, description) of the slowest odds over random games' decisions."""
    worst = (0, "")
    for side in (1, 2):
        for variant in ("normal", "line"):
            for seed in range(games):
                game = MmmGame({"level": "board", "side": side, "variant": variant}, Rng(seed))
                chooser = Rng(seed + 1)
                while not game.is_over():
                    actions = game.legal_actions()
                    if "reroll" in actions:
                        took = odds_time_us(game)
                        if took > worst[0]:
                            where = "side %d %s seed %d turn %d" % (side, variant, seed, game.turn)
                            worst = (took, where)
                    game.apply(chooser.choice(actions))
    return worst


def reference_game():
    game = MmmGame(REFERENCE_OPTIONS, Rng(REFERENCE_SEED))
    for action in REFERENCE_ACTIONS:
        game.apply(action)
    return game


def main():
    print("Mmm! benchmark on %s" % sys.implementation.name)
    for level in ("board", "items", "lite"):
        for variant in ("normal", "line"):
            per_game, per_action = games_per_second({"level": level, "variant": variant}, GAMES)
            print(
                "  %-5s %-6s %6d games/s  %7d actions/s  (%d games, random legal actions)"
                % (level, variant, per_game, per_action, GAMES)
            )
    took, where = slowest_decision(SCAN_GAMES)
    print("  odds, slowest re-roll decision, %d games x 4: %d us (%s)" % (SCAN_GAMES, took, where))
    took = odds_time_us(reference_game())
    print("  odds, reference position (side 2 line, seed 66): %d us" % took)


def steps():
    """One full line-variant game with the odds at every decision (heap measurement)."""
    game = MmmGame({"level": "board", "side": 2, "variant": "line", "players": 4}, Rng(7))
    chooser = Rng(8)
    while not game.is_over():
        actions = game.legal_actions()
        if "reroll" in actions:
            bust_chance(game)
            complete_chance(game)
        game.apply(chooser.choice(actions))
        game.state()
        yield


def run_under_micropython():
    """CPython only: this script again on the WebAssembly MicroPython (heap report included)."""
    import os
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    script = os.path.join("host_tools", "bench", "mmm.py")
    command = [sys.executable, "-m", "host_tools.mp_tests", "--run", script]
    return subprocess.call(command, cwd=root)


if __name__ == "__main__":
    main()
    if not MICROPYTHON and "--cpython-only" not in sys.argv:
        sys.stdout.flush()
        sys.exit(run_under_micropython())
