"""The host half of `make bench`: what the files cost and how fast the rules run on CPython.

These are host figures, not the Pico's: the size of the ``.mpy`` files
``make flash`` copies (exactly those, for the Pico board), and games per
second of each registered game's rules on CPython with random legal actions
(the project's RNG picks them), at the game's default options.
"""

import time

from host_tools.emu.fs_image import firmware_files
from host_tools.firmware_bundle import bundle_modules
from host_tools.flash import BUNDLE
from pawtrack import games
from pawtrack.game import resolve_options
from pawtrack.rng import Rng

SECONDS_PER_GAME = 1.5
MAX_ACTIONS = 20000  # a random game that has not ended by then is counted as it stands


def mpy_sizes(board="pico"):
    """{"files", "total", "mpy_files", "mpy_total", "largest": [(path, bytes)]} of what make
    flash copies; the modules packed in the bundle count as the .mpy files they are."""
    files = firmware_files(board)
    mpy = [(path, len(data)) for path, data in files if path.endswith(".mpy")]
    for path, data in files:
        if path == BUNDLE:
            mpy += [("/" + name, size) for name, size in bundle_modules(data)]
    return {
        "files": len(files),
        "total": sum(len(data) for _, data in files),
        "mpy_files": len(mpy),
        "mpy_total": sum(size for _, size in mpy),
        "largest": sorted(mpy, key=lambda item: -item[1])[:5],
    }


def play_random(rules, options, seed):
    """One game with random legal actions; (actions, ended)."""
    game = rules(options, Rng(seed))
    chooser = Rng(seed ^ 0x5A5A5A5A)
    count = 0
    while not game.is_over() and count < MAX_ACTIONS:
        game.apply(chooser.choice(game.legal_actions()))
        count += 1
    return count, game.is_over()


def games_per_second(seconds=SECONDS_PER_GAME):
    """[{"game", "games_per_s", "actions_per_game", "unfinished"}] for every registered game."""
    rows = []
    for entry in games.catalog():
        rules = entry.load_rules()
        options = resolve_options(rules, {})
        played = actions = unfinished = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            count, ended = play_random(rules, options, played + 1)
            played += 1
            actions += count
            unfinished += not ended
        elapsed = time.perf_counter() - start
        rows.append(
            {
                "game": entry.ID,
                "name": entry.NAME,
                "games_per_s": played / elapsed,
                "actions_per_game": actions / played,
                "unfinished": unfinished,
            }
        )
    return rows
