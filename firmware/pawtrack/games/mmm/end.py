"""The end of an Mmm! game on the screen: the result, the chart, the history page.

``end_lines(game, keeper, match)`` is the result as short lines: a title
("You won!" / "The cat got in!"), the chart's rating, the cat's distance or
the food left, "easier: track 13" when the cat's track was longer than the
game's 11 (a longer track makes every rating easier to reach), and the Mice
of Legend news (earned by this game; or, after a win at distance 6 or more,
that one more such win in a row earns it). ``draw_end`` puts them on the
128x64 screen beside a mouse (won) or the cat (lost), above the row of
choices the table screen draws.

``history_lines(keeper)`` is the history page: wins and losses per board side
and variant, the streak and legends, and the games since power-on.
``HistoryScreen`` shows it (from the end screen's "History" choice; during a
game it is the second page of the odds screen).
"""

from pawtrack.buttons import SHORT
from pawtrack.games.mmm import chart
from pawtrack.ui import icons, widgets
from pawtrack.ui.screen import Screen

# Where the result goes on the 128x64 screen.
PICTURE_X, PICTURE_Y = 2, 14  # the mouse (won) or the cat (lost), 24x24
TEXT_X = 30  # the lines beside the picture ...
TEXT_CHARS = 16  # ... hold 16 characters
TEXT_TOP = 13
ROW = 9
TIGHT_ROW = 8  # when every line is there: rating on two lines, track and news
GAP = 4  # between a one-line rating and the detail, when nothing else follows
NEWS_Y = 42  # the news line, across the whole width above the choices
NEWS_LAST_Y = 45  # the lowest it can go and still clear the row of choices
NEWS_CHARS = 21
SETTINGS = ((1, "normal"), (1, "line"), (2, "normal"), (2, "line"))
NORMAL_TRACK = 11  # the game's own cat track; 12 and 13 are the project's easier house rule


def title_of(result):
    return "You won!" if result["won"] else "The cat got in!"


def detail_of(result):
    if result["won"]:
        return "cat distance %d" % result["distance"]
    left = result["pieces_left"]
    return "%d piece%s left" % (left, "" if left == 1 else "s")


def track_mark(result):
    """ "easier: track 13" when the track was longer than the game's, else ""."""
    if result["track"] == NORMAL_TRACK:
        return ""
    return "easier: track %d" % result["track"]


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
    """[title, rating, detail, (track mark,) news] for the finished game (news may be "")."""
    result = game.result
    lines = [title_of(result), chart.RATING_TEXT[result["rating"]], detail_of(result)]
    mark = track_mark(result)
    if mark:
        lines.append(mark)
    lines.append(news_line(result, keeper, match))
    return lines


def draw_end(canvas, game, keeper, match):
    result = game.result
    lines = end_lines(game, keeper, match)
    widgets.title(canvas, lines[0], "T%d" % result["turns"])
    canvas.icon(icons.MOUSE if result["won"] else icons.CAT, PICTURE_X, PICTURE_Y)
    rating = widgets.wrap(lines[1], TEXT_CHARS)[:2]
    beside = rating + lines[2:-1]  # the rating, the detail and the track mark
    news = lines[-1]
    row = ROW
    if news and TEXT_TOP + len(beside) * ROW > NEWS_Y:
        row = TIGHT_ROW
    y = TEXT_TOP
    for index in range(len(beside)):
        if index == len(rating):
            if len(beside) == 2:
                y += GAP  # one rating line and the detail: leave air between them
            y += 1
        canvas.text(beside[index][:TEXT_CHARS], TEXT_X, y)
        y += row
    if news:
        widgets.centered(canvas, news[:NEWS_CHARS], min(NEWS_LAST_Y, max(NEWS_Y, y)))


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
        canvas.text(line[:NEWS_CHARS], 0, y)
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
