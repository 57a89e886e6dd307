"""Cat & Mouse (Chop! Chop!): the game package (rules in ``rules.py``; see its docstring)."""

from pawtrack.games.chop.rules import Chop

GAME = Chop
