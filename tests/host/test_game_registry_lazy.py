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
