"""Cat & Mouse (Chop! Chop!): the game package (rules in ``rules.py``; see its docstring)."""


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.chop.rules import Chop

    return Chop


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.chop.screen import ChopScreen

    return ChopScreen(app, match)
