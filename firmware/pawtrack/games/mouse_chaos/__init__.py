"""Mouse Chaos: the game package (rules in ``rules.py``; see its docstring)."""


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.mouse_chaos.rules import MouseChaos

    return MouseChaos


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.mouse_chaos.screen import MouseChaosScreen

    return MouseChaosScreen(app, match)
