"""Mmm! (Reiner Knizia, Pegasus 2015): co-op push-your-luck, the cat against the mice.

``load_rules()`` returns the rules class (rules.py); ``make_screen`` the table screen
(screen.py). Layouts, the end chart and the odds live beside them
(layouts.py, chart.py, odds.py); docs/rules/mmm.md lists every rule and its test.
``on_boot`` loads the owner's own layouts from flash (own_layouts.py) when the
device starts; ``setup_entries`` adds the results history to the options.
"""


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.mmm.rules import MmmGame

    return MmmGame


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
