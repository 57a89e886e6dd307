"""The end of an Mmm! game on the screen: the result, the chart, the history page.

``end_lines(game, keeper, match)`` is the result as short lines: a title
("You won!" / "The cat got in!"), the chart's rating, the cat's distance or
the food left, and the Mice of Legend news (earned by this game; or, after a
win at distance 6 or more, that one more such win in a row earns it).
``draw_end`` puts them on the 128x64 screen beside a mouse (won) or the cat
(lost), above the row of choices the table screen draws.

``history_lines(keeper)`` is the history page: wins and losses per board side
and variant, the streak and legends, and the games since power-on.
``HistoryScreen`` shows it (from the end screen's "History" choice; during a
game it is the second page of the odds screen).
"""

from pawtrack.buttons import SHORT
from pawtrack.games.mmm import chart
from pawtrack.ui import icons, widgets
from pawtrack.ui.screen import Screen

TEXT_X = 30
TEXT_CHARS = 16
SETTINGS = ((1, "normal"), (1, "line"), (2, "normal"), (2, "line"))


def title_of(result):
    return "You won!" if result["won"] else "The cat got in!"


def detail_of(result):
    if result["won"]:
        return "cat distance %d" % result["distance"]
    left = result["pieces_left"]
    return "%d piece%s left" % (left, "" if left == 1 else "s")


def news_line(result, keeper, match):
    """The Mice of Legend news for this game, else the history's notice, else ""."""
    if keeper is not None and keeper.this_game(match) and keeper.history.last.get("legend"):
        return "MICE OF LEGEND!"
    if keeper is not None and keeper.notice:
        return keeper.notice
    if chart.legend_grade(result):
        return "Again: Mice of Legend"
    return ""


def end_lines(game, keeper, match):
    """[title, rating, detail, news] for the finished game (news may be "")."""
    result = game.result
    news = news_line(result, keeper, match)
    return [
        title_of(result),
        chart.RATING_TEXT[result["rating"]],
        detail_of(result),
        news,
    ]


def draw_end(canvas, game, keeper, match):
    lines = end_lines(game, keeper, match)
    widgets.title(canvas, lines[0], "T%d" % game.result["turns"])
    canvas.icon(icons.MOUSE if game.result["won"] else icons.CAT, 2, 14)
    y = 13
    rating = widgets.wrap(lines[1], TEXT_CHARS)[:2]
    for line in rating:
        canvas.text(line, TEXT_X, y)
        y += 9
    if len(rating) == 1:
        y += 4
    canvas.text(lines[2][:TEXT_CHARS], TEXT_X, y + 1)
    if lines[3]:
        widgets.centered(canvas, lines[3][:21], 42)


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
        canvas.text(line[:21], 0, y)
        y += 9


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
