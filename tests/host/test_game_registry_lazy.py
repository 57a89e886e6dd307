"""Listing the games (main menu, hello) must not load any game's rules."""

import subprocess
import sys

from .test_sim import ROOT

SCRIPT = """
import sys
import host_tools
from pawtrack import games
names = [m.NAME for m in games.game_modules(playable=True)]
loaded = sorted(name for name in sys.modules if name.endswith(".rules"))
print(names, loaded)
"""


def test_listing_games_loads_no_rules():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['Mmm!', 'Mouse Chaos', 'Cat & Mouse'] []"
