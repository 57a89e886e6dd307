"""Mmm! (Reiner Knizia, Pegasus 2015): co-op push-your-luck, the cat against the mice.

``GAME`` is the rules class (rules.py). Layouts, the end chart and the odds
live beside it (layouts.py, chart.py, odds.py); RULES.md section 1 is the
specification.
"""

from pawtrack.games.mmm.rules import MmmGame

GAME = MmmGame
