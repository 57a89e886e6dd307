"""Mouse Chaos on the 128x64 screen: the turn prompt, the nests, the seats.

The table screen shows whose turn and which step it is, the holder drawn, the
four nests in their corners (a box per mouse, filled when the mouse is in;
the owner and its colour's initial), and one row of choices at the
bottom: left/right cycle the legal actions, ok does the one shown. Back goes
to the main menu, long back undoes, long ok opens the seats page.

The seats page lists every player's nest. With secret colours (option
``colours: secret``, a secrecy option) it shows a player's colour only while
ok is held down on that player (hold to peek), and the LEDs show no colours
at all, so the device can be passed around.

Everything drawn is read from the rules' attributes and small queries
(``visible_colour(nest)``, ``peek(player)``), never from ``state()``; the
choices are worked out once per change of the match, not per frame.

LEDs: the nests, ``count // 4`` LEDs each (at most 4) in corner order, one lit
per mouse, in the nest's colour (white with secret colours).
"""

from pawtrack.buttons import SHORT
from pawtrack.games.mouse_chaos.rules import COLOURS, NEST_SIZE, NESTS
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.choices import ChoiceScreen, choice_row
from pawtrack.ui.screen import Screen

COLOUR_LEDS = {
    "red": lights.RED,
    "yellow": lights.YELLOW,
    "green": lights.GREEN,
    "blue": lights.BLUE,
}
STEP_TITLES = ("", "draw", "move", "chair")
MOVE_STEP = 2  # the step that moves a mouse or a cat

# Where things go on the 128x64 screen.
PROMPT_X, PROMPT_Y, PROMPT_ROW = 0, 14, 9  # the left half's lines
HOLDER_X, HOLDER_Y = 0, 13  # step 2: the holder's picture ...
NUMBER_X, NUMBER_Y, NUMBER_SCALE = 28, 17, 2  # ... and its number, twice the font size
UNDER_HOLDER_Y = 41
DIVIDER_X, DIVIDER_TOP, DIVIDER_HEIGHT = 63, 12, 40
# Each nest's corner of the right half, in NESTS order (nw, ne, se, sw).
NEST_SPOTS = ((66, 14), (98, 14), (98, 33), (66, 33))
NEST_LINE = 9  # the owner's line under the nest's name
MOUSE_BOX, MOUSE_PITCH, MICE_X = 3, 4, 14  # a nest's mice: a 3x3 box each, filled if there
NEST_BOX_W, NEST_BOX_H = 27, 18  # the inverted box round the nest being revealed
SEAT_X, SEAT_ARROW_X, SEAT_FIRST_Y, SEAT_ROW = 12, 2, 13, 9


def _labels():
    """{action: label} for every action the rules can offer (no parsing at draw time)."""
    labels = {"draw": "Draw holder", "catch": "Cat caught one", "done": "Done",
              "skip": "Skip step", "own": "Own colour"}
    for nest in NESTS:
        labels["enter " + nest] = "Mouse into " + nest.upper()
    for colour in COLOURS:
        labels["colour " + colour] = "It is " + colour
    return labels


ACTION_LABELS = _labels()


def action_label(action):
    return ACTION_LABELS.get(action, action)


def title(game):
    if game.result is not None:
        return "Game over"
    if game.reveal_nest is not None:
        return "%s nest full" % NESTS[game.reveal_nest].upper()
    return "P%d %s" % (game.current + 1, STEP_TITLES[game.step])


def prompt(game):
    """Up to three short lines for the left half."""
    result = game.result
    if result is not None:
        if result["winner"] is None:
            return [result["colour"], "nest won:", "all lose"]
        return ["P%d wins!" % result["winner"], result["colour"]]
    if game.reveal_nest is not None:
        return ["P%d turns" % (game.reveal_by + 1), "mouse %d/%d" % (game.revealed + 1, NEST_SIZE)]
    if game.step == 1:
        return ["Draw a", "cheese", "holder"]
    if game.step == MOVE_STEP:
        return ["Move a", "mouse/cat", "up to %d" % game.number]
    return ["Move a", "chair or", "cheese"]


class MouseChaosScreen(ChoiceScreen):
    def __init__(self, app, match):
        ChoiceScreen.__init__(self, app, match)
        self.listed = None  # (match, changes) the cached choices belong to
        self.cached = []

    def actions(self):
        match = self.app.session.match
        if self.listed != (match, match.changes):
            game = match.game
            actions = game.legal_actions()
            if game.step == MOVE_STEP and "done" in actions:
                # Done and skip first: most turns move a piece without a nest.
                first = [a for a in actions if a in ("done", "skip")]
                actions = first + [a for a in actions if a not in first]
            self.cached = actions
            self.listed = (match, match.changes)
        return self.cached

    def more(self):
        return SeatsScreen(self.app)

    # -- drawing -------------------------------------------------------------

    def draw(self, canvas):
        game = self.game
        widgets.title(canvas, title(game), "T%d" % game.turn)
        y = PROMPT_Y
        lines = prompt(game)
        moving = game.result is None and game.reveal_nest is None and game.step == MOVE_STEP
        if moving:
            canvas.icon(icons.HOLDER, HOLDER_X, HOLDER_Y)
            canvas.text(str(game.number), NUMBER_X, NUMBER_Y, 1, NUMBER_SCALE)
            y = UNDER_HOLDER_Y
            lines = ["mouse/cat"]
        for line in lines:
            canvas.text(line, PROMPT_X, y)
            y += PROMPT_ROW
        self.draw_nests(canvas, game)
        choice, actions = self.current()
        if choice is not None:
            choice_row(canvas, action_label(choice), len(actions))
        else:
            widgets.hint(canvas, "BACK: menu")

    def draw_nests(self, canvas, game):
        canvas.vline(DIVIDER_X, DIVIDER_TOP, DIVIDER_HEIGHT, 1)
        for nest in range(len(NESTS)):
            x, y = NEST_SPOTS[nest]
            canvas.text(NESTS[nest].upper(), x, y)
            for slot in range(NEST_SIZE):
                left = x + MICE_X + slot * MOUSE_PITCH
                if slot < game.mice[nest]:
                    canvas.fill_rect(left, y + 2, MOUSE_BOX, MOUSE_BOX, 1)
                else:
                    canvas.pixel(left + 1, y + 3, 1)
            owner = game.owner[nest]
            line = "--" if owner is None else "P%d" % (owner + 1)
            colour = game.visible_colour(nest)
            if colour:
                line += " " + colour[0].upper()
            canvas.text(line, x, y + NEST_LINE)
            if game.reveal_nest == nest:
                canvas.invert_rect(x - 1, y - 1, NEST_BOX_W, NEST_BOX_H)

    def lights(self, layer):
        game = self.game
        per_nest = min(NEST_SIZE, layer.count // len(NESTS))
        for nest in range(len(NESTS)):
            colour = COLOUR_LEDS.get(game.visible_colour(nest), lights.WHITE)
            for slot in range(min(per_nest, game.mice[nest])):
                layer.set(nest * per_nest + slot, colour)

    def text_lines(self):
        game = self.game
        lines = [title(game) + " T%d" % game.turn]
        if game.number is not None:
            lines.append("holder %d" % game.number)
        lines.extend(prompt(game))
        nests = []
        for nest in range(len(NESTS)):
            nests.append("%s:%d" % (NESTS[nest].upper(), game.mice[nest]))
        lines.append("mice " + " ".join(nests))
        choice, _actions = self.current()
        if choice is not None:
            lines.append("> " + action_label(choice))
        return lines


class SeatsScreen(Screen):
    """Who sits at which nest; with secret colours, hold ok to see a colour."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.selected = 0
        self.peeking = False
        # The long ok that opened this page is still held: peek only after a release.
        self.armed = False

    @property
    def game(self):
        return self.app.session.match.game

    def button(self, name, kind):
        players = self.game.players
        if name == "back" and kind == SHORT:
            self.app.pop()
            return True
        if name in ("left", "right") and kind == SHORT:
            self.selected = (self.selected + (1 if name == "right" else -1)) % players
            return True
        return False

    def tick(self, now_ms):
        held = self.app.input.held("ok")
        if not held:
            self.armed = True
        held = held and self.armed and self.game.secret
        if held != self.peeking:
            self.peeking = held
            return True
        return False

    def seat_colour(self, player):
        """What the page shows as the colour of ``player`` (0-based)."""
        game = self.game
        if not game.secret:
            return game.visible_colour(game.seat[player]) or "?"
        if player == self.selected and self.peeking:
            return game.peek(player + 1)["colour"]
        return "?"

    def draw(self, canvas):
        game = self.game
        widgets.title(canvas, "Seats", "secret" if game.secret else "")
        y = SEAT_FIRST_Y
        for player in range(game.players):
            nest = NESTS[game.seat[player]].upper()
            line = "P%d  %s  %s" % (player + 1, nest, self.seat_colour(player))
            canvas.text(line, SEAT_X, y)
            if game.secret and player == self.selected:
                widgets.arrow(canvas, SEAT_ARROW_X, y)
            y += SEAT_ROW
        widgets.hint(canvas, "hold OK: peek" if game.secret else "BACK: table")

    def lights(self, layer):
        pass  # dark, so a colour never shows on the strip while peeking

    def text_lines(self):
        game = self.game
        lines = []
        for player in range(game.players):
            colour = game.visible_colour(game.seat[player]) or "?"
            lines.append("P%d %s %s" % (player + 1, NESTS[game.seat[player]], colour))
        return lines
