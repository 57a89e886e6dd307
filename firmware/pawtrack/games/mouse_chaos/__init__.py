"""Mouse Chaos: the game package (rules in ``rules.py``; see its docstring)."""

from pawtrack.games.mouse_chaos.rules import MouseChaos

GAME = MouseChaos
