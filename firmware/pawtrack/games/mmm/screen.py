"""Mmm! on the 128x64 screen: the pantry map, the dice, the cat, one row of choices.

Board level: the map of the layout on the left (49x49, item outlines; a chip
is a filled block, a die placed this turn a box with a dot; the squares of
the choice shown blink), the three dice on the right (a placed die is drawn
inverted, the die of the choice shown underlined), under them the cat
("cat 3/11"), the bust risk when a re-roll is possible, the item of the
choice shown and whose turn it is; the row of choices across the bottom.

Items and lite levels: the dice across the top left, the cat, pieces left and
bust risk beside them, a question line ("Completed an item?") and the row of
choices across the bottom.

Choosing, in two steps (left/right cycle a row, ok does the one shown):

* the table row after a roll: first the usual best move in words ("Cheese
  on Ch1": the food and place that leave the fewest free squares; ok places
  it), then "Stop" (one press right), "None fits the line" (items level,
  line variant), one entry per food that can go somewhere ("Place fish...",
  or "Fish on Fi2" when there is just one place for it, placed at once),
  "Take back fish" (a die placed from this roll; "Take back die 2" when two
  show that food) and "Re-roll 2 dice" last (one press left);
* ok on "Place fish..." opens the places for that die, best first: one per
  item ("Fi2: finishes it", "Fi3: 2 more to go"; any square of an item is as
  good as another, so the device picks the first free one and blinks it), or
  one per square in the row-or-column variant, where the square matters
  ("Fi2 r3c5: 2 to go"). Ok places the die; back (holding left on a
  three-button build) or "Back to the dice" returns to the table row.

The choices are worked out once per change of the match (or of the step),
from the rules' queries (``ranked_places``, ``can_stop``, ...), never from
``state()`` and never by taking action strings apart; drawing reads the
rules' attributes.

Buttons: back goes to the main menu (or out of the places), long back undoes,
long ok opens the odds page (the chance that a re-roll busts, the chance to
finish an item with this roll or by the end of the turn), whose second page
(right) is the history. A bust or a completed item beeps.

Animations (anim.py): an action taken with the buttons plays its events
(the dice tumbling, a bust flash, the cat stepping, the win or loss); the
row of choices says what is happening ("Rolling", "Bust!") and hides the
choice until the dice settle. Any press during an animation only ends it.
Actions sent over the serial protocol are not animated: a host wants the
new state at once.

The end (end.py, loaded only when the game ends or the history is opened):
the result with the chart's rating, a mark when the cat's track was longer
than 11, the Mice of Legend news, and the choices "Play again" (same options,
new seed), "History", "See board" (the table as it ended; ok comes back) and
"Menu". Long back still undoes the last action.
The results history is heard by a listener the screen adds to the app
(the package's ``ResultsListener``), so games played over the protocol
count too; history.py loads at the first end or undo, or when shown.

LEDs: the cat's track (cat in purple, the steps it walked dim, the pantry
red; anim.py maps the game's track onto the board's track LEDs) and, on
status LEDs if the board has them, the dice in food colours.
"""

from pawtrack import table_rolls
from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.games.mmm import anim, odds, results
from pawtrack.ui import icons, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row
from pawtrack.ui.screen import Screen

# Board level: the map on the left, the dice and a few lines on the right.
MAP_SIZE = 49  # 7 pixels a square on a 7x7 layout
PENDING_INSET = 2  # a die placed this turn: a box this far inside its square, a dot in it
PANEL_X = 52  # the dice, 24 pixels each
PANEL_TEXT_X = 54
PANEL_CHARS = 12
PANEL_LINES = (27, 36, 45)
DIE_SIZE = 24
UNDERLINE_INSET, UNDERLINE_H = 2, 2
EMPTY_DIE_INSET, EMPTY_DIE_SIZE = 4, 16
# Items and lite levels: the dice across the top, lines beside them, a question.
DICE_STEP = 26
SIDE_X = 80
SIDE_CHARS = 8
SIDE_ROW = 9
QUESTION_Y = 42
ROW_CHARS = 18  # a label in the row of choices, between its arrows
ODDS_CHARS = 21

BLINK_MS = 400
BUST_TONE = (300, 150)  # Hz, ms
ITEM_TONE = (1800, 80)

QUESTIONS = {
    "report": "How many dice placed?",
    "decide": "Re-roll or stop?",
    "item": "Completed an item?",
    "food": "All food gone?",
    "left": "Food pieces left?",
    "confirm": "All in one line?",
}
ANSWERS = {
    "roll": "Roll",
    "none": "None placed",
    "stop": "Stop",
    "line yes": "Yes, in one line",
    "line no": "No: take it back",
    "item yes": "Yes",
    "item no": "No",
    "food yes": "Yes",
    "food no": "No",
}
END_CHOICES = ("Play again", "History", "See board", "Menu")
ANIMATION_LABELS = {
    "roll": "Rolling",
    "bust": "Bust!",
    "stays": "Cat stays!",
    "won": "Won!",
    "lost": "Lost",
}

# What ok does with a choice.
ACT = 0  # the rules action
PICK = 1  # open the places of a die
BACK = 2  # leave the places


class Choice:
    """One entry of the row of choices: what it says, what ok does, what it points at.

    ``die``: the die it is about (underlined), or -1; ``squares``: the map
    squares to blink (board level); ``item``: the item whose progress the
    panel shows, or -1; ``where``: a place's item (and square) in words;
    ``left``: for a place, the squares its item still needs after it, or -1.
    """

    def __init__(self, label, action=None, kind=ACT, die=-1, squares=(), item=-1, where="",
                 left=-1):
        self.label = label[:ROW_CHARS]
        self.action = action
        self.kind = kind
        self.die = die
        self.squares = squares
        self.item = item
        self.where = where
        self.left = left


def reroll_label(count):
    return "Re-roll 1 die" if count == 1 else "Re-roll %d dice" % count


def food_title(face):
    return face[0].upper() + face[1:]


def place_choices(game, die):
    """The places of die ``die``, best first: one per item, or per square with the line rule."""
    board = game.board
    per_square = board.with_squares and game.line
    choices = []
    items = []
    for left, target in game.ranked_places(die):
        item = game.target_item(target)
        if not per_square:
            if item in items:
                continue  # any free square of an item is as good as another
            items.append(item)
        name = board.names[item]
        if per_square:
            r, c = divmod(target, board.cols)
            name = "%s r%dc%d" % (name, r + 1, c + 1)
            tail = ": finishes" if left == 0 else ": %d to go" % left
        else:
            tail = ": finishes it" if left == 0 else ": %d more to go" % left
        squares = (target,) if board.with_squares else ()
        choices.append(Choice(name + tail, game.place_action(die, target), ACT, die, squares,
                              item, name, left))
    return choices


def take_back_label(game, die, dice):
    """ "Take back fish", or "Take back die 2" when two dice of this roll show fish."""
    face = game.faces[die]
    same = 0
    for other in dice:
        if game.faces[other] == face:
            same += 1
    return "Take back " + face if same == 1 else "Take back die %d" % (die + 1)


def table_choices(game):
    """The row after a roll (place phase): foods first, Stop right of the first, Re-roll last.

    Each food's places are worked out once (the rules' ranked_places takes about
    2.5 ms a die on the Pico at board level)."""
    board = game.board
    places = []  # (best free squares left, die, choice, the die's places best first)
    faces = []
    for die in game.unplaced():
        face = game.faces[die]
        if face == "x" or face in faces:
            continue  # dice showing the same food are interchangeable
        options = place_choices(game, die)
        if not options:
            continue
        faces.append(face)
        best = options[0].left  # the first place is the rules' best target
        if len(options) == 1:
            only = options[0]
            label = "%s on %s" % (food_title(face), only.where)
            choice = Choice(label, only.action, ACT, die, only.squares, only.item)
        else:
            squares = []
            for option in options:
                squares.extend(option.squares)
            choice = Choice("Place %s..." % face, None, PICK, die, tuple(squares))
        places.append((best, die, choice, options))
    places.sort(key=lambda entry: (entry[0], entry[1]))
    row = []
    if places:
        first = places[0][2]
        if first.kind == PICK:
            # The usual best move, one press: the best food on its best place.
            best = places[0][3][0]
            label = "%s on %s" % (food_title(game.faces[first.die]), best.where)
            row.append(Choice(label, best.action, ACT, best.die, best.squares, best.item))
        else:
            row.append(first)
            places.pop(0)
    if game.can_stop():
        row.append(Choice(ANSWERS["stop"], "stop"))
    if game.may_declare_bust():
        row.append(Choice("None fits the line", "bust"))
    for entry in places:
        row.append(entry[2])
    taken = game.placed_this_roll()
    for die in taken:
        squares = (game.target[die],) if board.with_squares else ()
        row.append(Choice(take_back_label(game, die, taken), "unplace %d" % die, ACT, die,
                          squares, game.target_item(game.target[die])))
    if game.can_reroll():
        row.append(Choice(reroll_label(len(game.unplaced())), "reroll"))
    return row


def answer_choices(game):
    """The row of every other phase: the legal actions with plain labels."""
    phase = game.phase
    actions = game.legal_actions()
    row = []
    for index in range(len(actions)):
        action = table_rolls.without_mark(actions[index])  # rolls: table asks for the faces
        if phase == "report" and action != "none":
            label = "Placed %d" % (index + 1)
        elif phase == "left":
            label = "%d left" % (index + 1)
        elif action == "reroll":
            label = reroll_label(len(game.unplaced()))
        else:
            label = ANSWERS.get(action, action)
        row.append(Choice(label, action))
    return row


def animation_label(game, playing):
    """What the row of choices says while an animation plays."""
    if playing.kind == "step":
        return "Cat %d/%d" % (playing.event["pos"], game.track)
    return ANIMATION_LABELS[playing.kind]


def percent_text(fraction):
    return odds.percent(fraction, 0)


def over_lines(game):
    """The result in two short lines for the table after the end ("See board")."""
    result = game.result
    if result["won"]:
        return ["won!", "%d away" % result["distance"]]
    return ["lost", "%d left" % result["pieces_left"]]


def wall_lines(board, cell):
    """The map's walls as few lines as can draw them: (x, y, length, across).

    A square of ``cell`` pixels has a wall on each side where the square next to
    it belongs to another item or is off the map (squares of no item have
    none of their own). Walls in a row (or column) join into one line, so the
    map takes a few dozen line calls instead of four checks and up to four
    lines a square (18 ms a picture on the Pico at board level)."""
    rows = board.rows
    cols = board.cols
    item_of = board.item_of
    lines = []

    def item(r, c):
        return item_of[r * cols + c] if 0 <= r < rows and 0 <= c < cols else -2

    def wall(a, b):
        return a != b and (a >= 0 or b >= 0)

    for r in range(rows + 1):  # the line between rows r - 1 and r
        start = -1
        for c in range(cols + 1):
            if c < cols and wall(item(r - 1, c), item(r, c)):
                if start < 0:
                    start = c
            elif start >= 0:
                lines.append((start * cell, r * cell, (c - start) * cell + 1, True))
                start = -1
    for c in range(cols + 1):  # the line between columns c - 1 and c
        start = -1
        for r in range(rows + 1):
            if r < rows and wall(item(r, c - 1), item(r, c)):
                if start < 0:
                    start = r
            elif start >= 0:
                lines.append((c * cell, start * cell, (r - start) * cell + 1, False))
                start = -1
    return lines


class MmmScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        self.blink = 0
        self.results = results(app)  # the results history's listener
        self.animate = True
        self.animation = None
        self.animated = None  # the actions an animation belongs to
        self.frame = None
        self.end_choice = 0
        self.show_board = False
        self.picking = None  # the die whose places are offered, or None
        self.back_to = None  # the die to show again after leaving its places
        self.listed = None  # (match, changes, picking) the row below belongs to
        self.row = []
        self.risk = None  # the bust risk for that state (computed once)
        self.bust = None  # (match changes, dice returned) of a bust, said until the next change
        self.walls_of = None  # the board self.walls were worked out for
        self.walls = b""

    # -- the choices -----------------------------------------------------------

    def actions(self):
        """The row of choices (Choice objects), worked out once per change."""
        match = self.app.session.match
        game = match.game
        picking = self.picking
        if picking is not None and (game.phase != "place" or game.target[picking] is not None):
            picking = self.picking = None  # the match moved on (undo, protocol)
        if self.listed == (match, match.changes, picking):
            return self.row
        if game.phase == "place" and picking is not None:
            row = place_choices(game, picking)
            row.append(Choice("Back to the dice", None, BACK))
        elif game.phase == "place":
            row = table_choices(game)
            for choice in row:
                if choice.kind == PICK and choice.die == self.back_to:
                    self.choice = choice
            self.back_to = None
        else:
            row = answer_choices(game)
        self.row = row
        self.risk = game.bust_risk()
        self.listed = (match, match.changes, picking)
        return row

    # -- input -----------------------------------------------------------------

    def button(self, name, kind):
        if self.animation is not None:
            self.animation = None  # a press only ends the animation
            return True
        menu_or_odds = name == "back" or (name == "ok" and kind == LONG)
        if self.game.is_over() and not menu_or_odds:
            return self.end_button(name, kind)
        if name == "back" and kind == SHORT and self.picking is not None:
            return self.leave_places()  # out of the places, not to the menu
        return ChoiceScreen.button(self, name, kind)

    def more(self):
        return OddsScreen(self.app, self.results)

    def face_icon(self, face):
        return icons.BY_NAME[face]

    def act(self, choice):
        """Do what ``choice`` says (None: undo); a refusal becomes a message."""
        if choice is not None and choice.kind == PICK:
            self.picking = choice.die
            self.choice = None
            return True
        if choice is not None and choice.kind == BACK:
            return self.leave_places()
        self.animation = None
        ChoiceScreen.act(self, None if choice is None else choice.action)
        self.choice = None
        self.picking = None
        self.show_board = False
        return True

    def leave_places(self):
        """Back from a die's places to the table row, showing that die's entry again."""
        self.back_to = self.picking
        self.picking = None
        self.choice = None
        self.listed = None  # rebuild, so the row can point at the die again
        return True

    def acted(self, events):
        self.sound(events)
        for event in events:
            if event["ev"] == "bust":
                self.bust = (self.app.session.match.changes, event["returned"])
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
            from pawtrack.games.mmm.history_page import HistoryScreen

            self.app.push(HistoryScreen(self.app, self.results.keeper()))
        elif picked == "See board":
            self.show_board = True
        else:
            self.app.home()
        return True

    def sound(self, events):
        for event in events:
            if event["ev"] == "bust":
                self.app.beep(BUST_TONE[0], BUST_TONE[1])
            elif event["ev"] == "item_done":
                self.app.beep(ITEM_TONE[0], ITEM_TONE[1])

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
        if choice is None or not choice.squares:
            return False
        blink = (now_ms // BLINK_MS) % 2
        if blink != self.blink:
            self.blink = blink
            return True
        return False

    # -- drawing ---------------------------------------------------------------

    def playing(self):
        """The animation's Moment now playing, or None."""
        if self.animation is None:
            return None
        return self.animation.current()

    def end_shown(self):
        """True when the end screen (not the table) is to be drawn."""
        if not self.game.is_over() or self.show_board:
            return False
        now = self.playing()
        return now is None or now.kind in ("won", "lost")

    def draw(self, canvas):
        game = self.game
        if self.end_shown():
            from pawtrack.games.mmm import end  # loaded when the game ends

            end.draw_end(canvas, game, self.results.keeper(), self.app.session.match)
            choice_row(canvas, END_CHOICES[self.end_choice], len(END_CHOICES), 0)
            return
        choice, actions = self.current()
        now = self.playing()
        if now is not None:
            choice = None  # nothing to choose (or give away) while it plays
        if game.board is not None and game.board.with_squares:
            self.draw_map(canvas, choice)
            self.draw_dice(canvas, PANEL_X, 0, DIE_SIZE, choice)
            self.draw_panel(canvas, choice)
        else:
            self.draw_dice(canvas, 0, 0, DICE_STEP, choice)
            self.draw_side(canvas, choice)
        if now is not None:
            choice_row(canvas, animation_label(game, now), 1)
        elif choice is not None:
            choice_row(canvas, choice.label, len(actions))
        elif self.show_board:
            choice_row(canvas, "OK: result", 1)
        else:
            choice_row(canvas, "BACK: menu", 1)

    def shown_faces(self):
        """The dice faces to draw: the game's, or the tumbling ones of a roll."""
        faces = list(self.game.faces)
        rolling = self.animation.rolling() if self.animation is not None else None
        if rolling is not None:
            dice, shown, _settled = rolling
            for i in range(len(dice)):
                faces[dice[i]] = shown[i]
        return faces

    def draw_dice(self, canvas, x, y, step, choice):
        game = self.game
        chosen = choice.die if choice is not None else -1
        faces = self.shown_faces()
        for die in range(len(faces)):
            face = faces[die]
            left = x + die * step
            if face is None:
                canvas.rect(left + EMPTY_DIE_INSET, y + EMPTY_DIE_INSET, EMPTY_DIE_SIZE,
                            EMPTY_DIE_SIZE, 1)
                continue
            if game.target[die] is not None:
                canvas.fill_rect(left, y, DIE_SIZE, DIE_SIZE, 1)
                canvas.icon(icons.BY_NAME[face], left, y, 0)
            else:
                canvas.icon(icons.BY_NAME[face], left, y, 1)
            if die == chosen:
                canvas.fill_rect(left + UNDERLINE_INSET, y + DIE_SIZE,
                                 DIE_SIZE - 2 * UNDERLINE_INSET, UNDERLINE_H, 1)

    def draw_map(self, canvas, choice):
        game = self.game
        board = game.board
        cell = MAP_SIZE // max(board.rows, board.cols)
        if self.walls_of is not board:  # the walls never move: worked out once a board
            # four bytes a line: x, y, length, across (wall_lines)
            self.walls = bytes(value for line in wall_lines(board, cell) for value in line)
            self.walls_of = board
        walls = self.walls
        for i in range(0, len(walls), 4):
            if walls[i + 3]:
                canvas.hline(walls[i], walls[i + 1], walls[i + 2], 1)
            else:
                canvas.vline(walls[i], walls[i + 1], walls[i + 2], 1)
        pending = game.pending()
        blinking = choice.squares if choice is not None and self.blink == 0 else ()
        inset = cell // 4
        cols = board.cols
        covered = board.covered
        item_of = board.item_of
        for square in range(board.rows * cols):
            if item_of[square] < 0:
                continue
            if square in blinking:
                r, c = divmod(square, cols)
                canvas.fill_rect(c * cell + 1, r * cell + 1, cell - 1, cell - 1, 1)
            elif covered[square]:
                r, c = divmod(square, cols)
                canvas.fill_rect(c * cell + inset, r * cell + inset, cell - 2 * inset + 1,
                                 cell - 2 * inset + 1, 1)
            elif square in pending:
                r, c = divmod(square, cols)
                x = c * cell
                y = r * cell
                box = cell - 2 * PENDING_INSET + 1
                canvas.rect(x + PENDING_INSET, y + PENDING_INSET, box, box, 1)
                canvas.pixel(x + cell // 2, y + cell // 2, 1)

    def progress_line(self, choice):
        """ "Fi2 1/3": the chosen item's squares taken (chips and dice) of its size."""
        if choice is None or choice.item < 0:
            return None
        board = self.game.board
        item = choice.item
        taken = board.sizes[item] - board.free_left(item, self.game.pending())
        return "%s %d/%d" % (board.names[item], taken, board.sizes[item])

    def info_lines(self, choice):
        """The status lines: the cat, the bust risk, the chosen item (or the result)."""
        game = self.game
        if game.is_over():
            return over_lines(game)
        lines = ["cat %d/%d" % (game.cat, game.track)]
        bust = self.bust_text()
        if bust is not None:
            lines.insert(0, bust)
        self.actions()  # the risk is worked out with the row
        if self.risk is not None:
            lines.append("bust " + percent_text(self.risk))
        progress = self.progress_line(choice)
        if progress is not None:
            lines.append(progress)
        return lines

    def bust_text(self):
        """ "BUST! 2 off": a bust (and the dice it took off the board), until the next change."""
        if self.bust is None or self.bust[0] != self.app.session.match.changes:
            return None
        return "BUST! %d off" % self.bust[1] if self.bust[1] else "BUST!"

    def turn_line(self):
        return "P%d T%d" % (self.game.player, self.game.turn)

    def draw_panel(self, canvas, choice):
        lines = self.info_lines(choice)[:len(PANEL_LINES)]
        if len(lines) < len(PANEL_LINES):
            lines.append(self.turn_line())
        for index in range(len(lines)):
            canvas.text(lines[index][:PANEL_CHARS], PANEL_TEXT_X, PANEL_LINES[index])

    def question(self, choice):
        """The line above the row of choices (items and lite levels)."""
        game = self.game
        if game.is_over():
            return rating_text(game)
        if self.bust_text() is not None:
            return "Bust! Placed dice off" if self.bust[1] else "Bust! Nothing fits"
        if game.phase == "place":
            progress = self.progress_line(choice)
            if progress is not None:
                return progress + " " + game.faces[choice.die]
            if self.picking is not None:
                return food_title(game.faces[self.picking]) + ": which item?"
            return "Place more or stop?" if game.can_stop() else "Place a die"
        return QUESTIONS.get(game.phase, "")

    def draw_side(self, canvas, choice):
        game = self.game
        lines = self.info_lines(None)
        if game.board is not None and not game.is_over():
            lines.insert(1, "%d left" % game.board.pieces_left())
        lines.append(self.turn_line())
        y = 1
        for line in lines:
            canvas.text(line[:SIDE_CHARS], SIDE_X, y)
            y += SIDE_ROW
        canvas.text(self.question(choice)[:ROW_CHARS + 3], 0, QUESTION_Y)

    def lights(self, layer):
        anim.paint(layer, self.game, self.animation)

    def text_lines(self):
        game = self.game
        if self.end_shown():
            from pawtrack.games.mmm import end

            lines = end.end_lines(game, self.results.keeper(), self.app.session.match)
            if not lines[-1]:
                lines.pop()
            lines.append("> " + END_CHOICES[self.end_choice])
            return lines
        choice, _ = self.current()
        faces = []
        for die in range(len(game.faces)):
            face = game.faces[die] or "-"
            faces.append(face.upper() if game.target[die] is not None else face)
        lines = ["P%d T%d %s" % (game.player, game.turn, " ".join(faces))]
        lines.extend(self.info_lines(choice))
        if game.is_over():
            lines.append(rating_text(game))
        elif game.phase in QUESTIONS:
            lines.append(QUESTIONS[game.phase])
        if choice is not None:
            lines.append("> " + choice.label)
        elif self.show_board and game.is_over():
            lines.append("> OK: result")
        return lines


def rating_text(game):
    """The chart's words for a finished game (chart.py loads when a game ends)."""
    from pawtrack.games.mmm.chart import RATING_TEXT

    return RATING_TEXT[game.result["rating"]]


class OddsScreen(Screen):
    """Long ok on the table: the exact odds of the decision at hand, then (right) the history."""

    PAGES = ("odds", "history")

    def __init__(self, app, results):
        Screen.__init__(self, app)
        self.results = results  # the history's listener: its keeper() when shown
        self.page = 0
        self.worked_out = None  # (match, changes) the lines below belong to
        self.lines = []

    def compute(self):
        """The odds page's lines, worked out once per change of the match."""
        match = self.app.session.match
        if self.worked_out != (match, match.changes):
            self.lines = odds_lines(match.game)
            self.worked_out = (match, match.changes)
        return self.lines

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
            from pawtrack.games.mmm.history_page import draw_history

            draw_history(canvas, self.results.keeper())
            return
        widgets.title(canvas, "Odds", "> history")
        y = widgets.TITLE_HEIGHT + 2
        for line in self.compute():
            canvas.text(line, 0, y)
            y += widgets.ROW_HEIGHT

    def text_lines(self):
        if self.PAGES[self.page] == "history":
            from pawtrack.games.mmm.history_page import history_lines

            return history_lines(self.results.keeper())
        return self.compute()


def odds_lines(game):
    """The odds of the decision at hand, in lines of at most 21 characters."""
    if game.board is None:
        return ["No odds in lite", "mode: the device", "does not know", "the board."]
    if game.line and not game.board.with_squares:
        return ["No odds here: at the", "items level the", "device cannot see the",
                "line your dice make."]
    if not game.can_reroll():
        return ["Odds show when you", "can re-roll or stop."]
    chance = odds.complete_chance(game)
    return [
        reroll_label(len(game.unplaced())) + ":",
        odds_row(" bust chance", odds.percent(game.bust_risk())),
        "Finish an item:",
        odds_row(" with this roll", odds.percent(chance["stop"], 0)),
        odds_row(" by end of turn", odds.percent(chance["reroll"])),
    ]


def odds_row(label, value):
    """``label`` and ``value`` on one line of ODDS_CHARS, the value on the right."""
    return label + " " * max(1, ODDS_CHARS - len(label) - len(value)) + value
