"""Om Nom Nom's pages after the boards: the cards of a turn, the score table, the ranking.

Each page is a pair of functions, one drawing on the 128x64 canvas and one
giving the same facts as short text lines for the protocol's ``state``. They
read the rules object's attributes only (never ``game.state()``).

* reveal: every colour's card of the last turn in a 2 x 3 grid, with what
  became of it: ``+3`` and what it ate, ``eaten`` and by whom, or ``lost``
  (discarded).
* scores: one row per colour, the points of each round and the total.
* ranking: the final order with the tie-break shown, under a column heading.
* played (solo, right on the long-ok score table): the cards every colour
  played this round.

``paint_dice`` is the LED picture every Om Nom Nom screen shows: the strip is
cut into three equal segments (wolf, cat, hedgehog board, at most 5 LEDs
each) and each die left on a board lights one LED of its segment, red for a
red symbol (carrot, cheese, fly: 2 points) first, then white for a black one
(rabbit, mouse, frog). A board with more dice than its segment has LEDs
shows purple on the segment's last LED.
"""

from pawtrack.buttons import SHORT
from pawtrack.games.om_nom_nom import icons
from pawtrack.games.om_nom_nom.chains import CARDS
from pawtrack.games.om_nom_nom.rules import ATE, EATEN, KEPT, ROUNDS, TOO_FEW, TURNS
from pawtrack.gfx.canvas import text_width
from pawtrack.ui import lights, widgets
from pawtrack.ui.screen import Screen

CARD_ICONS = (
    icons.SMALL_WOLF,
    icons.SMALL_RABBIT,
    icons.SMALL_CAT,
    icons.SMALL_MOUSE,
    icons.SMALL_HEDGEHOG,
    icons.SMALL_FROG,
)
CELL_W = 64
CELL_H = 17
CELL_CHARS = 8  # the text beside a card's icon in a reveal cell
ROW_Y = 12
ROW_H = 9
ROW_H_SIX = 8  # five or six colours: the last row clear of the screen's edge
PLAYED_PITCH = 14  # the played page: one 13-pixel card icon every 14 pixels
# Right edges of the score table's columns: R1, R2, R3, total.
SCORE_RIGHT = (56, 78, 100, 125)


SEGMENT_MAX = 5


def paint_dice(layer, dice):
    """The dice left on the boards (``dice``: counts per SYMBOLS index) on the LED layer."""
    segment = min(SEGMENT_MAX, layer.count // 3)
    if segment == 0:
        return
    for board in range(3):
        first = board * segment
        lit = 0
        for colour, count in ((lights.RED, dice[2 * board + 1]), (lights.WHITE, dice[2 * board])):
            for _ in range(min(count, segment - lit)):
                layer.set(first + lit, colour)
                lit += 1
        if dice[2 * board] + dice[2 * board + 1] > segment:
            layer.set(first + segment - 1, lights.PURPLE)


def seat_label(name):
    """How a seat is written on the screen: You, V1, P3."""
    return "You" if name == "you" else name.upper()


def dice_text(count):
    return "1 die" if count == 1 else "%d dice" % count


def prey_text(game, kind, prey, taken):
    """What one card ate, in at most 8 characters: "2 dice", "ate You", "2 cards" (cards;
    dice eaten with cards are in the points); "too few" when there was prey but more
    predators than prey, "no prey" when there was none."""
    if not prey:
        if taken:
            return dice_text(taken)
        return "too few" if kind == TOO_FEW else "no prey"
    names = ",".join(seat_label(game.seats[victim]) for victim in prey)
    if len(names) <= 4:
        return "ate " + names
    return "%d cards" % len(prey)


def outcome_lines(game, seat):
    """(first line, second line) of a seat's cell on the reveal page, each at most
    CELL_CHARS characters."""
    kind, points, prey, taken, by = game.outcomes[seat]
    name = seat_label(game.seats[seat])
    if kind in (ATE, KEPT, TOO_FEW):
        return "%s +%d" % (name, points), prey_text(game, kind, prey, taken)
    if kind == EATEN:
        eater = seat_label(game.seats[by])
        if len(name) + 6 <= CELL_CHARS:
            return name + " eaten", "by " + eater
        return name, "eaten:" + eater  # "You eaten" would run into the next cell
    return name + " lost", "discard"


def resolved_turn(game):
    """(round, turn) of the last resolved turn."""
    done = game.turns_resolved - 1
    return done // TURNS + 1, done % TURNS + 1


def draw_reveal(canvas, game):
    played_round, turn = resolved_turn(game)
    widgets.title(canvas, "R%d T%d cards" % (played_round, turn), "OK")
    for seat in range(game.count):
        x = (seat % 2) * CELL_W
        y = 11 + (seat // 2) * CELL_H
        canvas.icon(CARD_ICONS[game.last_cards[seat]], x + 1, y + 2)
        first, second = outcome_lines(game, seat)
        canvas.text(first, x + 16, y + 1)
        canvas.text(second, x + 16, y + 9)


def reveal_lines(game):
    played_round, turn = resolved_turn(game)
    lines = ["R%d T%d cards" % (played_round, turn)]
    for seat in range(game.count):
        first, second = outcome_lines(game, seat)
        lines.append("%s %s, %s" % (CARDS[game.last_cards[seat]], first, second))
    return lines


def round_cell(game, seat, index):
    """The text of round ``index`` (0-based) for a seat: its points, running, or "-"."""
    scores = game.scores[seat]
    if index < len(scores):
        return str(scores[index])
    if index == len(scores) and game.round == index + 1 and game.turn > 1:
        return str(game.round_points(seat))  # the round being played, so far
    return "-"


def row_height(count):
    return ROW_H if count <= 4 else ROW_H_SIX


def draw_scores(canvas, game, more=False):
    """The score table; ``more``: an arrow in the title says right shows the next page."""
    widgets.title(canvas, "Score")
    if more:
        widgets.arrow(canvas, 34, 1, 0)
    for column, label in enumerate(("R1", "R2", "R3", "Tot")):
        canvas.text(label, SCORE_RIGHT[column] - text_width(label), 1, 0)
    for seat in range(game.count):
        y = ROW_Y + seat * row_height(game.count)
        canvas.text(seat_label(game.seats[seat]), 2, y)
        for index in range(ROUNDS):
            cell = round_cell(game, seat, index)
            canvas.text(cell, SCORE_RIGHT[index] - text_width(cell), y)
        total = str(game.total(seat))
        canvas.text(total, SCORE_RIGHT[3] - text_width(total), y)


def score_lines(game):
    lines = ["Score R1 R2 R3 Tot"]
    for seat in range(game.count):
        cells = [round_cell(game, seat, index) for index in range(ROUNDS)]
        lines.append("%s %s = %d" % (seat_label(game.seats[seat]), " ".join(cells),
                                     game.total(seat)))
    return lines


def end_title(game):
    """The ranking page's title and its right-hand note (the tie-break used)."""
    result = game.result
    note = {"none": "", "best_round": "best rd", "shared": "tie"}[result["tie_break"]]
    if len(result["winners"]) > 1:
        return "Shared win", note
    if game.solo:
        return ("You win!" if result["you"] == "win" else "You lose"), note
    return "%s wins!" % seat_label(result["winners"][0]), note


RANKING_HEADING = "# Who Tot  R1 R2 R3"


def ranking_rows(game):
    """One row per colour, best first: place, name, total, then its rounds, or its best
    round when it tied on total with another colour (the tie-break); the columns are
    RANKING_HEADING's."""
    ranking = game.result["ranking"]
    totals = [entry["total"] for entry in ranking]
    rows = []
    for entry in ranking:
        row = "%d %-3s %3d " % (entry["rank"], seat_label(entry["seat"]), entry["total"])
        if totals.count(entry["total"]) > 1:
            row += " best %d" % entry["best"]
        else:
            row += " ".join("%2d" % points for points in entry["rounds"])
        rows.append(row)
    return rows


def draw_ranking(canvas, game):
    """Up to four colours: the result in the title, the column heading under it. Five
    or six: the heading is the title (the winner is the first row) so the rows fit."""
    title, note = end_title(game)
    if game.count <= 4:
        widgets.title(canvas, title, note)
        canvas.text(RANKING_HEADING, 2, ROW_Y)
        canvas.hline(0, ROW_Y + 8, widgets.SCREEN_W, 1)
        y = ROW_Y + ROW_H + 1
    else:
        widgets.title(canvas, " " + RANKING_HEADING, note)
        y = ROW_Y
    for row in ranking_rows(game):
        canvas.text(row, 2, y)
        y += row_height(game.count)


def ranking_lines(game):
    title, note = end_title(game)
    return [(title + " " + note).strip(), RANKING_HEADING] + ranking_rows(game)


def draw_played(canvas, game):
    """Solo: the cards every colour played this round, one row of card icons each."""
    widgets.title(canvas, "Played R%d" % game.round)
    widgets.arrow(canvas, widgets.SCREEN_W - 9, 1, 0, left=True)
    for seat in range(game.count):
        y = ROW_Y + seat * 13
        canvas.text(seat_label(game.seats[seat]), 2, y + 3)
        cards = game.played[seat]
        if not cards:
            canvas.text("-", 24, y + 3)
        for index in range(len(cards)):
            canvas.icon(CARD_ICONS[cards[index]], 22 + index * PLAYED_PITCH, y)


def played_lines(game):
    lines = ["Played R%d" % game.round]
    for seat in range(game.count):
        names = " ".join(CARDS[card] for card in game.played[seat])
        lines.append("%s %s" % (seat_label(game.seats[seat]), names or "-"))
    return lines


class ScoresScreen(Screen):
    """The score table on its own (long ok on the table). In solo mode right and left
    turn to the cards every colour played this round and back; ok or back closes it."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.played = False  # showing the played cards (solo) instead of the scores

    @property
    def game(self):
        return self.app.session.match.game

    def button(self, name, kind):
        if kind != SHORT:
            return False
        if name in ("left", "right") and self.game.solo:
            self.played = not self.played
            return True
        self.app.pop()
        return True

    def draw(self, canvas):
        game = self.game
        if self.played:
            draw_played(canvas, game)
        else:
            draw_scores(canvas, game, game.solo)
            if game.count <= 4:  # five or six rows leave no room for the hint
                widgets.hint(canvas, "OK: back  > cards played" if game.solo else "OK: back")

    def lights(self, layer):
        paint_dice(layer, self.game.dice)

    def text_lines(self):
        return played_lines(self.game) if self.played else score_lines(self.game)
