"""Mice and Mystics (Plaid Hat Games 2012): the chapter companion, the game package.

The rules are in ``rules.py`` (the state machine) with the pure pieces beside
it: ``battle.py`` (what the action dice count, a battle's result),
``trackers.py`` (the cheese wheel, surges, the story track), ``initiative.py``
(the deal and the ambush) and ``cards.py`` (heroes and minion types as data).
``screen.py`` is the table; docs/rules/mice_mystics.md lists every rule and its test.
"""


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.mice_mystics.rules import MiceMystics

    return MiceMystics


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.mice_mystics.screen import MysticsScreen

    return MysticsScreen(app, match)
