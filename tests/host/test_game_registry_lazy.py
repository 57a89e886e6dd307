"""Booting to the main menu (the games listed, the Resume rows) loads no game's rules."""

import subprocess
import sys

from .test_sim import ROOT

SCRIPT = """
import sys
import host_tools
from host_tools.sim.simulator import Simulator
sim = Simulator()
print(sim.app.screen.entries())
print(sorted(name for name in sys.modules if name.endswith(".rules") or name.endswith(".screen")
             and ".games." in name))
"""


def test_the_booted_menu_loads_no_rules():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    menu, loaded = result.stdout.strip().splitlines()
    assert menu == str(["Mmm!", "Mouse Chaos", "Cat & Mouse", "Om Nom Nom", "Mice & Mystics",
                        "Dice & bag", "Settings"])
    assert loaded == "[]"


EMPTY_FLASH_SCRIPT = """
import sys
import host_tools
from host_tools.sim.simulator import Simulator
from pawtrack.protocol import Protocol
sim = Simulator()
Protocol(sim.app, print, "pico", deferred=True)
sim.app.step()
print(sorted(name for name in sys.modules if name.startswith("pawtrack.")))
"""

# What the menu must not load when the flash holds no saved match: on the Pico
# each module's functions and dicts take heap, even frozen into the firmware.
MATCH_CODE = ("pawtrack.session", "pawtrack.match", "pawtrack.journal", "pawtrack.saves",
              "pawtrack.game", "pawtrack.records", "pawtrack.games.mmm.layouts",
              "pawtrack.games.mmm.own_layouts")


def test_the_menu_with_nothing_saved_loads_no_match_code():
    result = subprocess.run([sys.executable, "-c", EMPTY_FLASH_SCRIPT], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    loaded = eval(result.stdout.strip().splitlines()[-1])  # noqa: S307 - our own printout
    assert "pawtrack.ui.home" in loaded  # the menu was built
    assert [name for name in MATCH_CODE if name in loaded] == []


def test_the_file_names_written_twice_agree():
    """The boot checks for files by name without importing the modules that own them."""
    from pawtrack import saves
    from pawtrack.games import mmm
    from pawtrack.games.mmm import own_layouts
    from pawtrack.ui import boot, home

    assert boot.OLD_JOURNAL == saves.OLD_JOURNAL
    assert home.SAVES_FOLDER == saves.FOLDER
    assert mmm.OWN_LAYOUTS_FILE == own_layouts.PATH


MMM_MATCH_SCRIPT = """
import sys
import host_tools
from host_tools.sim.simulator import Simulator
sim = Simulator()
sim.app.start_match(sim.app.session.find("mmm"), {{"level": "{level}"}}, seed=1)
sim.app.step()
print(sim.app.session.match.options["level"])
print(sorted(name for name in sys.modules if name.startswith("pawtrack.games.mmm.")))
"""


def mmm_modules_of_a_match(level):
    script = MMM_MATCH_SCRIPT.format(level=level)
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    played, loaded = result.stdout.strip().splitlines()[-2:]
    assert played == level
    return eval(loaded)  # noqa: S307 - our own printout


def test_an_mmm_match_at_the_lite_level_loads_no_board_and_no_layouts():
    """Lite has no board (the default level, and on CircuitPython the one that fits whole
    games): the board and the layouts come with the levels that use them."""
    lite = mmm_modules_of_a_match("lite")
    assert "pawtrack.games.mmm.rules" in lite and "pawtrack.games.mmm.screen" in lite
    assert [name for name in lite if name.endswith((".board", ".layouts"))] == []
    board = mmm_modules_of_a_match("board")
    assert "pawtrack.games.mmm.board" in board and "pawtrack.games.mmm.layouts" in board
