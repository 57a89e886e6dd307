"""Mmm! on the 128x64 screen: the pantry map, the dice, the cat, one row of choices.

Board level: the map of the layout on the left (56x56, item outlines; a chip
is a filled block, a die placed this turn a box with a dot; the square of the
place choice shown blinks), the three dice on the right (a placed die is
drawn inverted, the die of the place choice underlined), under them the cat
("cat 3/11"), the bust risk when a re-roll is possible and the item of the
place choice, and the row of choices at the bottom right.

Items and lite levels: the dice across the top left, the cat, pieces left and
bust risk beside them, a question line ("Completed an item?") and the row of
choices across the bottom.

Buttons: left/right cycle the legal actions (held: keep cycling), ok does
the one shown; back goes to the main menu, long back undoes, long ok opens
the odds page (bust chance, chance to complete an item if stopping or
re-rolling), whose second page (right) is the history. A bust or a
completed item beeps.

Animations (anim.py): an action taken with the buttons plays its events
(the dice tumbling, a bust flash, the cat stepping, the win or loss); the
row of choices says what is happening ("Rolling", "Bust!") and hides the
choice until the dice settle. Any press during an animation only ends it.
Actions sent over the serial protocol are not animated: a host wants the
new state at once.

The end (end.py): the result with the chart's rating and the Mice of Legend
news, and the choices "Play again" (same options, new seed), "History",
"See board" (the table as it ended; ok comes back) and "Menu". Long back
still undoes the last action. The results history (history.py) is attached
to the app as an event listener when the screen is made, so games played
over the protocol count too.

LEDs: the cat's track (cat in purple, the steps it walked dim, the pantry
red; anim.py maps the game's track onto the board's track LEDs) and, on
status LEDs if the board has them, the dice in food colours.
"""

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games.mmm import anim, chart, end, history, odds
from pawtrack.ui import icons, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row
from pawtrack.ui.screen import Screen

MAP_SIZE = 56
PANEL_X = 56
BLINK_MS = 400
QUESTIONS = {
    "report": "How many dice placed?",
    "decide": "Re-roll or stop?",
    "item": "Completed an item?",
    "food": "All food gone?",
    "left": "Food pieces left?",
    "confirm": "All in one line?",
}
END_CHOICES = ("Play again", "History", "See board", "Menu")
ANIMATION_LABELS = {
    "roll": "Rolling",
    "bust": "Bust!",
    "stays": "Cat stays!",
    "won": "Won!",
    "lost": "Lost",
}


def action_label(game, action):
    """A short label (at most 9 characters on the board level panel)."""
    words = action.split()
    verb = words[0]
    if verb == "roll":
        return "Roll"
    if verb == "reroll":
        return "Re-roll %d" % len(game.unplaced())
    if verb == "stop":
        return "Stop"
    if verb == "place":
        return "Place " + place_item(game, action)
    if verb == "unplace":
        return "Back die%d" % (int(words[1]) + 1)
    if verb == "bust":
        return "None fits"
    if verb in ("line", "item", "food"):
        return "Yes" if words[1] == "yes" else "No"
    if verb == "placed":
        return "Placed " + words[1]
    if verb == "none":
        return "None"
    if verb == "left":
        return words[1] + " left"
    return action


def place_item(game, action):
    """The item name of a place action."""
    words = action.split()
    board = game.board
    if board.with_squares:
        return board.names[board.item_of[int(words[2]) * board.cols + int(words[3])]]
    return words[2]


def place_square(game, action):
    """The square number of a board-level place action, else None."""
    words = action.split()
    if words[0] != "place" or not game.board.with_squares:
        return None
    return int(words[2]) * game.board.cols + int(words[3])


def percent_text(fraction):
    return odds.percent(fraction, 0)


def animation_label(game, playing):
    """What the row of choices says while an animation plays."""
    kind = playing[1]
    if kind == "step":
        return "Cat %d/%d" % (playing[3]["pos"], game.track)
    return ANIMATION_LABELS[kind]


class MmmScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        self.blink = 0
        self.keeper = history.attach(app)
        self.animate = True
        self.animation = None
        self.animated = None  # the actions an animation belongs to
        self.frame = None
        self.end_choice = 0
        self.show_board = False

    # -- input -----------------------------------------------------------------

    def button(self, name, kind):
        if self.animation is not None:
            self.animation = None  # a press only ends the animation
            return True
        menu_or_odds = name == "back" or (name == "ok" and kind == LONG)
        if self.game.is_over() and not menu_or_odds:
            return self.end_button(name, kind)
        return ChoiceScreen.button(self, name, kind)

    def more(self):
        return OddsScreen(self.app, self.keeper)

    def act(self, action):
        """Do ``action`` (None: undo); a refusal becomes a message (ChoiceScreen.act)."""
        self.animation = None
        ChoiceScreen.act(self, action)
        self.choice = None
        self.show_board = False
        return True

    def acted(self, events):
        self.sound(events)
        steps = anim.plan(events)
        if steps and self.animate:
            self.animation = anim.Animation(steps)
            self.frame = None
            self.animated = self.app.session.match.changes

    def end_button(self, name, kind):
        """The end screen's choices (or, with "See board", ok back to them)."""
        if self.show_board:
            if name == "ok" and kind == SHORT:
                self.show_board = False
                return True
            return False
        if name in ("left", "right") and kind in (SHORT, REPEAT):
            step = -1 if name == "left" else 1
            self.end_choice = (self.end_choice + step) % len(END_CHOICES)
            return True
        if name != "ok" or kind != SHORT:
            return False
        picked = END_CHOICES[self.end_choice]
        if picked == "Play again":
            session = self.app.session
            self.app.start_match(session.package, session.match.options)
        elif picked == "History":
            self.app.push(end.HistoryScreen(self.app, self.keeper))
        elif picked == "See board":
            self.show_board = True
        else:
            self.app.home()
        return True

    def sound(self, events):
        for event in events:
            if event["ev"] == "bust":
                self.app.beep(300, 150)
            elif event["ev"] == "item_done":
                self.app.beep(1800, 80)

    def tick(self, now_ms):
        animation = self.animation
        if animation is not None:
            if self.app.session.match.changes != self.animated:
                self.animation = None  # the protocol moved the game on: show it
                return True
            if not animation.advance(now_ms, self.app.clock.ticks_diff):
                self.animation = None
                return True
            frame = animation.frame()
            if frame != self.frame:
                self.frame = frame
                return True
            return False
        choice = self.choice  # as last drawn: no rules work in the loop
        if choice is None or not choice.startswith("place ") or not self.game.board.with_squares:
            return False
        blink = (now_ms // BLINK_MS) % 2
        if blink != self.blink:
            self.blink = blink
            return True
        return False

    # -- drawing ---------------------------------------------------------------

    def playing(self):
        """The animation step now playing (index, kind, ms, event), or None."""
        if self.animation is None:
            return None
        return self.animation.current()

    def end_shown(self):
        """True when the end screen (not the table) is to be drawn."""
        if not self.game.is_over() or self.show_board:
            return False
        now = self.playing()
        return now is None or now[1] in ("won", "lost")

    def draw(self, canvas):
        game = self.game
        if self.end_shown():
            end.draw_end(canvas, game, self.keeper, self.app.session.match)
            choice_row(canvas, END_CHOICES[self.end_choice], len(END_CHOICES), 0)
            return
        choice, actions = self.current()
        now = self.playing()
        if now is not None:
            choice = None  # nothing to choose (or give away) while it plays
        if game.board is not None and game.board.with_squares:
            self.draw_map(canvas, choice)
            canvas.text("P%d T%d" % (game.player, game.turn), 0, 57)
            self.draw_dice(canvas, PANEL_X, 0, 24, choice)
            self.draw_panel(canvas, choice)
            x = PANEL_X
        else:
            self.draw_dice(canvas, 0, 0, 26, choice)
            self.draw_side(canvas, choice)
            x = 0
        if now is not None:
            choice_row(canvas, animation_label(game, now), 1, x)
        elif choice is not None:
            choice_row(canvas, action_label(game, choice), len(actions), x)
        elif self.show_board:
            choice_row(canvas, "OK: result", 1, x)
        else:
            choice_row(canvas, "BACK: menu", 1, x)

    def shown_faces(self):
        """The dice faces to draw: the game's, or the tumbling ones of a roll."""
        faces = list(self.game.faces)
        rolling = self.animation.rolling() if self.animation is not None else None
        if rolling is not None:
            dice, shown, _ = rolling
            for i in range(len(dice)):
                faces[dice[i]] = shown[i]
        return faces

    def draw_dice(self, canvas, x, y, step, choice):
        game = self.game
        chosen = int(choice.split()[1]) if choice and choice.startswith("place ") else -1
        faces = self.shown_faces()
        for die in range(3):
            face = faces[die]
            left = x + die * step
            if face is None:
                canvas.rect(left + 4, y + 4, 16, 16, 1)
                continue
            if game.target[die] is not None:
                canvas.fill_rect(left, y, 24, 24, 1)
                canvas.icon(icons.BY_NAME[face], left, y, 0)
            else:
                canvas.icon(icons.BY_NAME[face], left, y, 1)
            if die == chosen:
                canvas.fill_rect(left + 2, y + 24, 20, 2, 1)

    def draw_map(self, canvas, choice):
        board = self.game.board
        cell = MAP_SIZE // max(board.rows, board.cols)
        pending = self.game.pending()
        target = place_square(self.game, choice) if choice else None
        for square in range(board.rows * board.cols):
            item = board.item_of[square]
            if item < 0:
                continue
            r, c = divmod(square, board.cols)
            x = c * cell
            y = r * cell
            self.draw_walls(canvas, square, x, y, cell)
            if square == target and self.blink == 0:
                canvas.fill_rect(x + 1, y + 1, cell - 1, cell - 1, 1)
            elif board.covered[square]:
                inset = cell // 4
                canvas.fill_rect(
                    x + inset, y + inset, cell - 2 * inset + 1, cell - 2 * inset + 1, 1
                )
            elif square in pending:
                canvas.rect(x + 2, y + 2, cell - 3, cell - 3, 1)
                canvas.pixel(x + cell // 2, y + cell // 2, 1)

    def draw_walls(self, canvas, square, x, y, cell):
        """Lines on the sides of a square that border another item or the edge."""
        board = self.game.board
        item = board.item_of[square]
        r, c = divmod(square, board.cols)
        if r == 0 or board.item_of[square - board.cols] != item:
            canvas.hline(x, y, cell + 1, 1)
        if c == 0 or board.item_of[square - 1] != item:
            canvas.vline(x, y, cell + 1, 1)
        if r == board.rows - 1 or board.item_of[square + board.cols] != item:
            canvas.hline(x, y + cell, cell + 1, 1)
        if c == board.cols - 1 or board.item_of[square + 1] != item:
            canvas.vline(x + cell, y, cell + 1, 1)

    def info_lines(self, choice):
        """Up to three short status lines shared by both layouts."""
        game = self.game
        if game.is_over():
            result = game.result
            if result["won"]:
                return ["won, d=%d" % result["distance"]]
            return ["lost, %d left" % result["pieces_left"]]
        lines = ["cat %d/%d" % (game.cat, game.track)]
        risk = odds.bust_chance(game) if "reroll" in game.legal_actions() else None
        if risk is not None:
            lines.append("bust " + percent_text(risk))
        if choice and choice.startswith("place "):
            board = game.board
            item = board.item_index(place_item(game, choice))
            taken = board.sizes[item] - board.free_left(item, game.pending())
            lines.append("%s %d/%d" % (board.names[item], taken, board.sizes[item]))
        return lines

    def draw_panel(self, canvas, choice):
        game = self.game
        y = 27
        for line in self.info_lines(choice):
            canvas.text(line[:12], PANEL_X + 2, y)
            y += 9
        if game.is_over():
            rating = chart.RATING_TEXT[game.result["rating"]]
            for line in widgets.wrap(rating, 12)[:2]:
                canvas.text(line, PANEL_X + 2, y)
                y += 9

    def draw_side(self, canvas, choice):
        game = self.game
        lines = self.info_lines(None)
        if game.board is not None and not game.is_over():
            lines.insert(1, "%d left" % game.board.pieces_left())
        y = 1
        for line in lines:
            canvas.text(line[:8], 80, y)
            y += 9
        if game.is_over():
            canvas.text(lines[0][8:16], 80, y)  # "lost, 12 left" takes two lines
            y += 9
        canvas.text("P%d T%d" % (game.player, game.turn), 80, y)
        if game.is_over():
            question = chart.RATING_TEXT[game.result["rating"]]
        elif choice and choice.startswith("place "):
            question = self.info_lines(choice)[-1] + " " + game.faces[int(choice.split()[1])]
        else:
            question = QUESTIONS.get(game.phase, "")
        canvas.text(question[:21], 0, 42)

    def lights(self, layer):
        anim.paint(layer, self.game, self.animation)

    def text_lines(self):
        game = self.game
        if self.end_shown():
            lines = end.end_lines(game, self.keeper, self.app.session.match)
            if not lines[-1]:
                lines.pop()
            lines.append("> " + END_CHOICES[self.end_choice])
            return lines
        choice, _ = self.current()
        faces = []
        for die in range(3):
            face = game.faces[die] or "-"
            faces.append(face.upper() if game.target[die] is not None else face)
        lines = ["P%d T%d %s" % (game.player, game.turn, " ".join(faces))]
        lines.extend(self.info_lines(choice))
        if game.is_over():
            lines.append(chart.RATING_TEXT[game.result["rating"]])
        elif game.phase in QUESTIONS:
            lines.append(QUESTIONS[game.phase])
        if choice is not None:
            lines.append("> " + action_label(game, choice))
        elif self.show_board and game.is_over():
            lines.append("> OK: result")
        return lines


class OddsScreen(Screen):
    """Long ok on the table: the exact odds of the decision at hand, then (right) the history."""

    PAGES = ("odds", "history")

    def __init__(self, app, keeper):
        Screen.__init__(self, app)
        self.keeper = keeper
        self.page = 0

    def compute(self):
        game = self.app.session.match.game
        if game.board is None:
            return ["No odds in lite", "mode: the device", "does not know", "the board."]
        if "reroll" not in game.legal_actions():
            return ["Odds show when you", "can re-roll or stop."]
        chance = odds.complete_chance(game)
        lines = [
            "Re-roll %d dice:" % len(game.unplaced()),
            "bust       " + odds.percent(odds.bust_chance(game)),
            "item now   " + odds.percent(chance["stop"]),
            "item later " + odds.percent(chance["reroll"]),
        ]
        if game.line and not game.board.with_squares:
            lines.append("(line not counted)")
        return lines

    def button(self, name, kind):
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        if name in ("left", "right") and kind == SHORT:
            self.page = (self.page + 1) % len(self.PAGES)
            return True
        return False

    def draw(self, canvas):
        if self.PAGES[self.page] == "history":
            end.draw_history(canvas, self.keeper)
            return
        widgets.title(canvas, "Odds", "> history")
        y = 13
        for line in self.compute():
            canvas.text(line, 0, y)
            y += 10

    def text_lines(self):
        if self.PAGES[self.page] == "history":
            return end.history_lines(self.keeper)
        return self.compute()
