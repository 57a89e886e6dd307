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
re-rolling). A bust or a completed item beeps.

LEDs: the cat's track (cat in purple, the steps it walked dim, the pantry
red) and, on status LEDs if the board has them, the dice in food colours.
"""

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games import IllegalAction
from pawtrack.games.mmm import chart, odds
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.screen import Screen

MAP_SIZE = 56
PANEL_X = 56
BLINK_MS = 400
CHOICE_Y = 54
QUESTIONS = {
    "report": "How many dice placed?",
    "decide": "Re-roll or stop?",
    "item": "Completed an item?",
    "food": "All food gone?",
    "left": "Food pieces left?",
    "confirm": "All in one line?",
}
WALKED = (40, 0, 60)
CAT = (160, 0, 255)
PANTRY = (255, 0, 0)


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


def draw_choice(canvas, x, label, count):
    """The row of choices from ``x`` to the right edge: inverted, arrows if more."""
    width = widgets.SCREEN_W - x
    canvas.fill_rect(x, CHOICE_Y - 1, width, 10, 1)
    if count > 1:
        canvas.icon(icons.ARROW_LEFT, x + 1, CHOICE_Y, 0)
        canvas.icon(icons.ARROW_RIGHT, widgets.SCREEN_W - 8, CHOICE_Y, 0)
    text_x = x + (width - len(label) * 6 + 1) // 2
    canvas.text(label, text_x, CHOICE_Y, 0)


class MmmScreen(Screen):
    def __init__(self, app, match):
        Screen.__init__(self, app)
        self.choice = None
        self.blink = 0

    @property
    def game(self):
        return self.app.session.match.game

    def current(self):
        actions = self.game.legal_actions()
        if not actions:
            return None, actions
        if self.choice not in actions:
            self.choice = actions[0]
        return self.choice, actions

    # -- input -----------------------------------------------------------------

    def button(self, name, kind):
        if name == "back":
            if kind == SHORT:
                self.app.home()
                return True
            if kind == LONG:
                return self.act(None)
            return False
        if name == "ok" and kind == LONG:
            self.app.push(OddsScreen(self.app))
            return True
        choice, actions = self.current()
        if name in ("left", "right") and kind in (SHORT, REPEAT) and actions:
            step = -1 if name == "left" else 1
            self.choice = actions[(actions.index(choice) + step) % len(actions)]
            return True
        if name == "ok" and kind == SHORT and choice is not None:
            return self.act(choice)
        return False

    def act(self, action):
        """Do ``action`` (None: undo) through the session; a refusal becomes a message."""
        try:
            if action is None:
                self.app.session.undo()
            else:
                self.sound(self.app.session.act(action))
        except IllegalAction as error:
            self.app.message(str(error), title="Not now")
        self.choice = None
        return True

    def sound(self, events):
        for event in events:
            if event["ev"] == "bust":
                self.app.beep(300, 150)
            elif event["ev"] == "item_done":
                self.app.beep(1800, 80)

    def tick(self, now_ms):
        choice = self.choice  # as last drawn: no rules work in the loop
        if choice is None or not choice.startswith("place ") or not self.game.board.with_squares:
            return False
        blink = (now_ms // BLINK_MS) % 2
        if blink != self.blink:
            self.blink = blink
            return True
        return False

    # -- drawing ---------------------------------------------------------------

    def draw(self, canvas):
        game = self.game
        choice, actions = self.current()
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
        if choice is not None:
            draw_choice(canvas, x, action_label(game, choice), len(actions))
        else:
            draw_choice(canvas, x, "BACK: menu", 1)

    def draw_dice(self, canvas, x, y, step, choice):
        game = self.game
        chosen = int(choice.split()[1]) if choice and choice.startswith("place ") else -1
        for die in range(3):
            face = game.faces[die]
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
        game = self.game
        leds = len(layer.track_leds)
        if leds:
            last = leds - 1
            for step in range(game.cat):
                layer.track(step * last // game.track, WALKED)
            layer.track(last, PANTRY)
            layer.track(game.cat * last // game.track, CAT)
        for die in range(3):
            face = game.faces[die]
            if face is not None:
                layer.status(die, lights.FOOD_COLORS[face])

    def text_lines(self):
        game = self.game
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
        return lines


class OddsScreen(Screen):
    """The exact odds of the decision at hand (long ok on the table)."""

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
        return False

    def draw(self, canvas):
        widgets.title(canvas, "Odds")
        y = 13
        for line in self.compute():
            canvas.text(line, 0, y)
            y += 10

    def text_lines(self):
        return self.compute()
