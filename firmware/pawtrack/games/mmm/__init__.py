"""Mmm! (Reiner Knizia, Pegasus 2015): co-op push-your-luck, the cat against the mice.

``GAME`` is the rules class (rules.py); ``make_screen`` the table screen
(screen.py). Layouts, the end chart and the odds live beside them
(layouts.py, chart.py, odds.py); docs/rules/mmm.md lists every rule and its test.
``on_boot`` loads the owner's own layouts from flash (own_layouts.py) when the
device starts; ``setup_entries`` adds the results history to the options.
"""

# What the main menu and the protocol need, without loading the rules.
ID = "mmm"
NAME = "Mmm!"
ORDER = 10


def __getattr__(name):
    """``GAME`` (the rules class), imported on first use to keep the menu's heap small."""
    if name == "GAME":
        from pawtrack.games.mmm.rules import MmmGame

        return MmmGame
    # MicroPython asks this function first for "from <this package> import x";
    # hand back the submodule x as its import system would.
    try:
        return __import__(__name__ + "." + name, None, None, [name])
    except ImportError:
        raise AttributeError(name)  # noqa: B904 - MicroPython warns about "from"


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.mmm.screen import MmmScreen

    return MmmScreen(app, match)


def on_boot(app):
    """At start-up: the own layouts from flash into memory; a notice if the file was bad."""
    from pawtrack.games.mmm import own_layouts

    return own_layouts.load(app.files)


def setup_entries(app):
    """Rows for the options screen: the results history, before Start."""

    def show_history():
        from pawtrack.games.mmm import history
        from pawtrack.games.mmm.end import HistoryScreen

        app.push(HistoryScreen(app, history.attach(app)))

    return [("History", show_history)]
