"""pytest setup: the firmware package and the host tools importable from the tests."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "firmware"), ROOT, os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)


import pytest  # noqa: E402

# What a device that saves heap forgets: the games' modules, and the menus' under a match.
GAME_MODULES = ("pawtrack.games.", "pawtrack.ui.")


def _game_modules():
    return {name: module for name, module in sys.modules.items() if name.startswith(GAME_MODULES)}


@pytest.fixture(autouse=True)
def keep_game_modules():
    """Put the games' and menus' modules back after a test whose device unloads them
    (Hal.unload_games, as the Pico and CircuitPython devices do), so later tests keep the
    classes they imported."""
    saved = _game_modules()
    yield
    if _game_modules() == saved:
        return
    for name in list(sys.modules):
        if name.startswith(GAME_MODULES) and name not in saved:
            module = sys.modules.pop(name)
            parent, _, short = name.rpartition(".")
            if getattr(sys.modules.get(parent), short, None) is module:
                delattr(sys.modules[parent], short)
    for name, module in saved.items():
        sys.modules[name] = module
        parent, _, short = name.rpartition(".")
        if parent in sys.modules:
            setattr(sys.modules[parent], short, module)
    from pawtrack import games

    for entry in games.catalog():  # each holds the package now in sys.modules, if any
        entry._package = sys.modules.get("pawtrack.games." + entry.ID)
