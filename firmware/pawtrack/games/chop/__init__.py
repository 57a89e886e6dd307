"""Cat & Mouse (Chop! Chop!): the game package (rules in ``rules.py``; see its docstring).

``setup_note`` tells on the options screen whether the tile mix is the
project's guess or the owner's own counts (docs/rules/chop.md, 5.6).
"""

BOX_TILES = 38  # floor tiles in the box (rule text)


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.chop.rules import Chop

    return Chop


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.chop.screen import ChopScreen

    return ChopScreen(app, match)


def setup_note(options):
    """The line under the options: whose tile mix is in use, and how many tiles it makes."""
    if options["mix"] == "default":
        return "Default mix: a guess"
    from pawtrack.games.chop.rules import CHEESE_TILES, COUNT_OPTIONS

    total = CHEESE_TILES
    for name in COUNT_OPTIONS:
        total += options[name]
    if total == BOX_TILES:
        return "Own mix: %d tiles" % total
    return "%d tiles; box has %d" % (total, BOX_TILES)
