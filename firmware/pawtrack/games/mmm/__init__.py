"""Mmm! (Reiner Knizia, Pegasus 2015): co-op push-your-luck, the cat against the mice.

``load_rules()`` returns the rules class (rules.py); ``make_screen`` the table screen
(screen.py). Layouts, the end chart and the odds live beside them
(layouts.py, chart.py, odds.py and completion.py, the odds page's search, loaded
when that page is first shown); docs/rules/mmm.md lists every rule and its test.
``on_boot`` loads the owner's own layouts from flash (own_layouts.py) when the
device starts; ``setup_entries`` adds the results history to the options;
``setup_note`` says under the options what the chosen level needs: the
default is lite, which fits any box, because the shipped layouts are examples
that match nobody's board (docs/rules/mmm.md, 1.5).
"""

MAX_SQUARES = 49  # food squares on a pantry side at most: layouts check it, lite counts to it


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.mmm.rules import MmmGame

    return MmmGame


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.mmm.screen import MmmScreen

    return MmmScreen(app, match)


OWN_LAYOUTS_FILE = "mmm_layouts.json"  # own_layouts.PATH


def on_boot(app):
    """At start-up: the own layouts from flash into memory; a notice if the file was bad.

    Without the file (most boards) nothing is imported: the layouts' code
    loads when Mmm! is first opened."""
    from pawtrack.files import safe_file_present

    if not safe_file_present(app.files, OWN_LAYOUTS_FILE):
        return None
    from pawtrack.games.mmm import own_layouts

    return own_layouts.load(app.files)


def setup_entries(app):
    """Rows for the options screen: the results history, before Start."""

    def show_history():
        from pawtrack.games.mmm.history_page import HistoryScreen

        app.push(HistoryScreen(app, results(app).keeper()))

    return [("History", show_history)]


class ResultsListener:
    """The results history's ear on the match's events (``app.session.listeners``, added
    by the table screen). history.py, chart.py and the history file are read only at the
    first end or undo of an Mmm! match, or when a screen shows them (``keeper()``), so
    the table's boot does not wait for them."""

    def __init__(self, app):
        self.app = app
        self.loaded = None  # the history.Keeper, once needed

    def __call__(self, event):
        kind = event.get("ev")
        if kind != "end" and kind != "undo":
            return
        match = self.app.session.match
        if match is not None and match.game_id == "mmm":
            self.keeper()(event)

    def keeper(self):
        if self.loaded is None:
            from pawtrack.games.mmm.history import Keeper

            self.loaded = Keeper(self.app)
        return self.loaded


def results(app):
    """The session's ResultsListener, added to ``app.session.listeners`` on first use."""
    listeners = app.session.listeners
    for listener in listeners:
        if isinstance(listener, ResultsListener):
            return listener
    listener = ResultsListener(app)
    listeners.append(listener)
    return listener


def setup_note(options):
    """The line under the options: what the level needs, given the layouts installed."""
    from pawtrack.games.mmm import layouts

    own = layouts.OWN.get(options["side"])
    with_squares = own is not None and layouts.has_squares(own)
    if options["level"] == "lite":
        if own is None:
            return "Lite: fits any box"
        return "Own layout: try board" if with_squares else "Own layout: try items"
    if options["layout"] == "example":
        return "Example: not your box"
    if own is None:
        return "No own layout yet"
    if options["level"] == "board" and not with_squares:
        return "Own: items level only"
    return None
