"""Mouse Chaos: the game package (rules in ``rules.py``; see its docstring)."""

# What the main menu and the protocol need, without loading the rules.
ID = "mouse_chaos"
NAME = "Mouse Chaos"
ORDER = 20


def __getattr__(name):
    """``GAME`` (the rules class), imported on first use to keep the menu's heap small."""
    if name == "GAME":
        from pawtrack.games.mouse_chaos.rules import MouseChaos

        return MouseChaos
    # MicroPython asks this function first for "from <this package> import x";
    # hand back the submodule x as its import system would.
    try:
        return __import__(__name__ + "." + name, None, None, [name])
    except ImportError:
        raise AttributeError(name)  # noqa: B904 - MicroPython warns about "from"


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.mouse_chaos.screen import MouseChaosScreen

    return MouseChaosScreen(app, match)
