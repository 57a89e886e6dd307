"""Mouse Chaos: the game package (rules in ``rules.py``; see its docstring)."""

from pawtrack.games.mouse_chaos.rules import MouseChaos

GAME = MouseChaos


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.mouse_chaos.screen import MouseChaosScreen

    return MouseChaosScreen(app, match)
