"""Om Nom Nom on the 128x64 screen: the three boards, then what each turn and round did.

The table screen shows one of four pages:

* boards: the wolf, cat and hedgehog boards side by side, each with its
  predator, its two prey symbols and the dice of each still on it, and one
  row of choices at the bottom: "Roll the dice", your card in solo ("Play
  wolf"), the next seat's card in table mode ("P2: cat"), or the next seat's
  round total in sheet mode ("P2: 17 pts", left/right count, holding
  counts on).
* reveal: after every turn, the cards revealed and who ate what
  (``pages.draw_reveal``); ok goes on.
* scores: after every round, the score table; ok goes on.
* ranking: at the end, the final order with the tie-break shown.

The pages follow the match, not the buttons: a turn resolved over the serial
protocol shows its reveal page too, and an undo goes back to the boards. Back
goes to the main menu, long back undoes (in solo mode not past a reveal: the
rules refuse and the screen says why), long ok shows the score table.

LEDs: ``pages.paint_dice``, the dice left on each board.
"""

from pawtrack.buttons import REPEAT, SHORT
from pawtrack.games.om_nom_nom import icons, pages
from pawtrack.games.om_nom_nom.chains import CARDS, SYMBOLS
from pawtrack.games.om_nom_nom.rules import OVER, PLAY, ROLL, TOTAL
from pawtrack.ui import widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row

CARD_OF_ACTION = {"play " + name: index for index, name in enumerate(CARDS)}

BOARDS_PAGE = "boards"
REVEAL_PAGE = "reveal"
SCORES_PAGE = "scores"
END_PAGE = "end"

SYMBOL_ICONS = (
    icons.SMALL_RABBIT,
    icons.SMALL_CARROT,
    icons.SMALL_MOUSE,
    icons.SMALL_CHEESE,
    icons.SMALL_FROG,
    icons.SMALL_FLY,
)
COLUMN_W = 43
PREDATOR_Y = 11
PREY_Y = (25, 39)  # the prey icons' tops
DIGITS_Y = (23, 38)  # the counts' tops: 14 rows high, a blank row between them and above the
# choice row; the first count reaches up beside the predator, which sits on the left

SHORT_SYMBOLS = ("rab", "car", "mou", "che", "frg", "fly")


def card_name(card):
    name = CARDS[card]
    return name[0].upper() + name[1:]


class OmNomScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        game = match.game
        self.seen_turns = game.turns_resolved
        self.seen_rounds = game.rounds_done()
        self.seen_changes = match.changes
        self.page = END_PAGE if game.is_over() else BOARDS_PAGE
        self.value = 0  # sheet mode: the round total being entered
        self.value_for = None  # (round, seat) the value belongs to

    # -- which page ----------------------------------------------------------

    def sync(self):
        """Follow the match to the page it calls for; True if the page changed.

        A new resolved turn shows its reveal page, a newly scored round its
        score table (once the reveal is dismissed); an undo goes back to the
        boards, and so does any other change of the match while a page is up
        (the players went on, e.g. over the protocol).
        """
        game = self.game
        changes = self.app.session.match.changes
        moved = changes != self.seen_changes
        self.seen_changes = changes
        before = self.page
        turns = game.turns_resolved
        rounds = game.rounds_done()
        if turns < self.seen_turns or rounds < self.seen_rounds:
            self.page = BOARDS_PAGE
            self.seen_rounds = rounds
        elif turns > self.seen_turns:
            self.page = REVEAL_PAGE
        elif rounds > self.seen_rounds and self.page == BOARDS_PAGE:
            self.page = SCORES_PAGE
            self.seen_rounds = rounds
        elif moved and self.page in (REVEAL_PAGE, SCORES_PAGE):
            self.page = BOARDS_PAGE
            self.seen_rounds = rounds
        self.seen_turns = turns
        if self.page == BOARDS_PAGE and game.phase == OVER:
            self.page = END_PAGE
        if self.page == END_PAGE and game.phase != OVER:
            self.page = BOARDS_PAGE
        return self.page != before

    def tick(self, now_ms):
        if self.app.session.match.changes != self.seen_changes:
            return self.sync()
        return False

    def next_page(self):
        if self.page in (REVEAL_PAGE, SCORES_PAGE):
            self.page = BOARDS_PAGE
            self.sync()
            return True
        return False

    def acted(self, events):
        self.choice = None  # each seat and turn starts on its first card in hand
        self.sync()

    def undone(self):
        self.sync()

    def more(self):
        return pages.ScoresScreen(self.app)

    def face_icon(self, face):
        return SYMBOL_ICONS[SYMBOLS.index(face)]

    # -- buttons -------------------------------------------------------------

    def button(self, name, kind):
        if self.page != BOARDS_PAGE and name in ("left", "ok", "right") and kind == SHORT:
            return self.next_page()
        if self.page == BOARDS_PAGE and self.game.phase == TOTAL:
            if name in ("left", "right") and kind in (SHORT, REPEAT):
                self.step_value(-1 if name == "left" else 1)
                return True
            if name == "ok" and kind == SHORT:
                value = self.current_value()
                self.value_for = None
                return self.act("total %d" % value)
        return ChoiceScreen.button(self, name, kind)

    def current_value(self):
        game = self.game
        owner = (game.round, game.current_seat())
        if self.value_for != owner:
            self.value_for = owner
            self.value = 0
        return self.value

    def step_value(self, step):
        top = self.game.max_total() + 1
        self.value = (self.current_value() + step) % top

    # -- drawing -------------------------------------------------------------

    def titles(self):
        """(left, right) of the boards page's title bar."""
        game = self.game
        if game.phase == ROLL:
            return "Round %d" % game.round, "roll"
        if game.phase == TOTAL:
            return "R%d totals" % game.round, ""
        left = "R%d T%d" % (game.round, game.turn)
        if game.solo:
            return left, "You %d" % (game.total(0) + game.round_points(0))
        return left, pages.seat_label(game.seats[game.current_seat()]) + " card"

    def choice_label(self, action):
        game = self.game
        if game.phase == ROLL:
            return "Roll the dice"
        card = card_name(CARD_OF_ACTION[action])
        if game.solo:
            return "Play " + card
        return "%s: %s" % (pages.seat_label(game.seats[game.current_seat()]), card)

    def total_label(self):
        game = self.game
        return "%s: %d pts" % (pages.seat_label(game.seats[game.current_seat()]),
                               self.current_value())

    def draw(self, canvas):
        game = self.game
        if self.page == REVEAL_PAGE and game.outcomes is not None:
            pages.draw_reveal(canvas, game)
            return
        if self.page == SCORES_PAGE:
            pages.draw_scores(canvas, game)
            return
        if self.page == END_PAGE:
            pages.draw_ranking(canvas, game)
            return
        left, right = self.titles()
        widgets.title(canvas, left, right)
        self.draw_boards(canvas, game)
        if game.phase == TOTAL:
            choice_row(canvas, self.total_label(), 2)
            return
        choice, actions = self.current()
        if choice is not None:
            choice_row(canvas, self.choice_label(choice), len(actions))

    def draw_boards(self, canvas, game):
        rolled = game.pool == 0
        for board in range(3):
            x = board * COLUMN_W
            if board:
                canvas.vline(x - 1, PREDATOR_Y + 1, 40, 1)
            canvas.icon(pages.CARD_ICONS[2 * board], x + 1, PREDATOR_Y)
            for level in range(2):
                symbol = 2 * board + level
                canvas.icon(SYMBOL_ICONS[symbol], x + 1, PREY_Y[level])
                count = str(game.dice[symbol]) if rolled else "-"
                canvas.text(count, x + 18, DIGITS_Y[level], 1, 2)

    def lights(self, layer):
        pages.paint_dice(layer, self.game.dice)

    def text_lines(self):
        game = self.game
        if self.page == REVEAL_PAGE and game.outcomes is not None:
            return pages.reveal_lines(game)
        if self.page == SCORES_PAGE:
            return pages.score_lines(game)
        if self.page == END_PAGE:
            return pages.ranking_lines(game)
        left, right = self.titles()
        lines = [(left + " " + right).strip()]
        for board in range(3):
            line = CARDS[2 * board]
            for symbol in (2 * board, 2 * board + 1):
                line += " %s %d" % (SHORT_SYMBOLS[symbol], game.dice[symbol])
            lines.append(line)
        if game.phase == TOTAL:
            lines.append("> " + self.total_label())
        elif game.phase == PLAY or game.phase == ROLL:
            choice, _actions = self.current()
            if choice is not None:
                lines.append("> " + self.choice_label(choice))
        return lines

