"""The end of an Mmm! game on the screen: the result and the chart's rating.

``end_lines(game, keeper, match)`` is the result as short lines: a title
("You won!" / "The cat got in!"), the chart's rating, the cat's distance or
the food left, "easier: track 13" when the cat's track was longer than the
game's 11 (a longer track makes every rating easier to reach), and the Mice
of Legend news (earned by this game; or, after a win at distance 6 or more,
that one more such win in a row earns it). ``draw_end`` puts them on the
128x64 screen beside a mouse (won) or the cat (lost), above the row of
choices the table screen draws.
(The history page, the end screen's "History" choice, is history_page.py.)
"""

from pawtrack.games.mmm import chart
from pawtrack.ui import icons, widgets

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
