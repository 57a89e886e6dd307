"""The Mmm! results history page: wins and losses per board side and variant,
the streak and legends, and the games since power-on.

``history_lines(keeper)`` gives it as lines, ``draw_history`` puts them on the
128x64 screen, and ``HistoryScreen`` shows it on its own: from the options
before Start, and from the end screen's "History" choice. During a game it is
the second page of the odds screen. It is its own module so that opening it
does not load the end screen's code.
"""

from pawtrack.buttons import SHORT
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen

SETTINGS = ((1, "normal"), (1, "line"), (2, "normal"), (2, "line"))  # (board side, variant)
ROW = 9
LINE_CHARS = 21


def history_lines(keeper):
    """The history page as lines (21 characters at most)."""
    history = keeper.history
    lines = []
    for side, variant in SETTINGS:
        key = "s%d-%s" % (side, variant)
        label = "Side %d%s" % (side, " line" if variant == "line" else "")
        lines.append("%-11s%4d%5d" % (label, history.wins.get(key, 0), history.losses.get(key, 0)))
    lines.append("streak %d  legends %d" % (history.streak, history.legends))
    if keeper.notice:
        lines.append(keeper.notice)
    else:
        lines.append("since on: %d of %d won" % (keeper.wins, keeper.games))
    return lines


def draw_history(canvas, keeper, title="History"):
    widgets.title(canvas, title, "won lost")
    y = widgets.TITLE_HEIGHT + 1
    for line in history_lines(keeper):
        canvas.text(line[:LINE_CHARS], 0, y)
        y += ROW


class HistoryScreen(Screen):
    """The history page on its own; ok or back closes it."""

    def __init__(self, app, keeper):
        Screen.__init__(self, app)
        self.keeper = keeper

    def button(self, name, kind):
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        return False

    def draw(self, canvas):
        draw_history(canvas, self.keeper)

    def text_lines(self):
        return history_lines(self.keeper)
