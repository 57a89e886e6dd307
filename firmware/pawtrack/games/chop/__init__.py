"""Cat & Mouse (Chop! Chop!): the game package (rules in ``rules.py``; see its docstring)."""

from pawtrack.games.chop.rules import Chop

GAME = Chop


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.chop.screen import ChopScreen

    return ChopScreen(app, match)
