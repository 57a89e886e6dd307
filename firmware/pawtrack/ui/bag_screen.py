"""The "Dice & bag" tool's bag page: draw without replacement, refill, see what's left.

One row of choices at the bottom, as on the game screens: left/right cycle
them, ok does the one shown ("Draw", "What's left", "Refill", and for the
numbered bag its size). Long ok also shows what is left; back returns to the
tool's menu. The token drawn is shown large (the cheese holders with their
picture); a draw that had to gather the bag first says so.

LEDs: a gauge of the tokens left, the whole strip for a full bag.
"""

from pawtrack.buttons import LONG, SHORT
from pawtrack.game import IllegalAction
from pawtrack.gfx.canvas import text_width
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.choices import choice_row
from pawtrack.ui.screen import Screen

# Sizes the numbered bag steps through (each must be in dice.NUMBERED_BAG_SIZES).
NUMBER_SIZES = (2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 99)
BAG_COLORS = {"holders": lights.YELLOW, "tiles": lights.ORANGE, "numbers": lights.CYAN}
TOKEN_TEXT = {"plus1": "+1", "plus2": "+2"}
CHOICE_TEXT = {"draw": "Draw", "left": "What's left", "refill": "Refill"}


def token_text(token):
    return TOKEN_TEXT.get(token, str(token))


def draw_token(canvas, bag_id, token, top):
    """The token large, 28 pixels high from ``top``; the holders with their picture."""
    text = token_text(token)
    picture = icons.HOLDER if bag_id == "holders" else icons.BY_NAME.get(text)
    room = widgets.SCREEN_W - (28 if picture else 0)
    scale = 4 if len(text) <= 2 else 3
    while scale > 1 and text_width(text, scale) > room:
        scale -= 1
    width = text_width(text, scale) + (28 if picture else 0)
    x = (widgets.SCREEN_W - width) // 2
    if picture:
        canvas.icon(picture, x, top + 2)
        x += 28
    canvas.text(text, x, top + (28 - 7 * scale) // 2, 1, scale)


def next_size(size):
    for candidate in NUMBER_SIZES:
        if candidate > size:
            return candidate
    return NUMBER_SIZES[0]


class BagScreen(Screen):
    def __init__(self, app, menu, bag_id):
        Screen.__init__(self, app)
        self.menu = menu
        self.bag_id = bag_id
        self.choice = "draw"
        self.last = None  # the tool's history entry of this page's last draw
        self.note = ""

    @property
    def bag(self):
        return self.menu.tool.bags[self.bag_id]

    def choices(self):
        if self.bag_id == "numbers":
            return ["draw", "left", "refill", "size"]
        return ["draw", "left", "refill"]

    def choice_label(self, choice):
        if choice == "size":
            return "Make it 1-%d" % next_size(len(self.bag.tokens))
        return CHOICE_TEXT[choice]

    def button(self, name, kind):
        if name == "back" and kind == SHORT:
            self.app.pop()
            return True
        if name == "ok" and kind == LONG:
            self.app.push(LeftScreen(self.app, self.menu, self.bag_id))
            return True
        choices = self.choices()
        if name in ("left", "right") and kind == SHORT:
            step = -1 if name == "left" else 1
            self.choice = choices[(choices.index(self.choice) + step) % len(choices)]
            return True
        if name == "ok" and kind == SHORT:
            return self.act(self.choice)
        return False

    def act(self, choice):
        if choice == "left":
            self.app.push(LeftScreen(self.app, self.menu, self.bag_id))
            return True
        if choice == "draw":
            action = "draw " + self.bag_id
        elif choice == "refill":
            action = "refill " + self.bag_id
        else:
            action = "numbers %d" % next_size(len(self.bag.tokens))
        try:
            entry = self.menu.tool.apply(action)
        except IllegalAction as error:
            self.app.message(str(error), title="Not now")
            return True
        if choice == "draw":
            self.last = entry
            self.note = ""
            if entry["shuffled"]:
                self.note = "all %d back in first" % len(self.bag.tokens)
        else:
            self.last = None
            self.note = "bag full: %d" % entry["left"]
            self.choice = "draw"
        return True

    def draw(self, canvas):
        bag = self.bag
        widgets.title(
            canvas, self.menu.bag_label(self.bag_id), "%d/%d" % (len(bag), len(bag.tokens))
        )
        if self.last is None:
            widgets.centered(canvas, "%d left" % len(bag), 17, 2)
            widgets.centered(canvas, self.note or "OK: draw one", 40)
        else:
            draw_token(canvas, self.bag_id, self.last["token"], 13 if self.note else 15)
            if self.note:
                widgets.centered(canvas, self.note, 44)
        choice_row(canvas, self.choice_label(self.choice), len(self.choices()))

    def lights(self, layer):
        bag = self.bag
        size = len(bag.tokens)
        lit = (len(bag) * layer.count + size - 1) // size
        colour = BAG_COLORS.get(self.bag_id, lights.WHITE)
        for index in range(lit):
            layer.set(index, colour)

    def text_lines(self):
        bag = self.bag
        lines = ["%s %d/%d" % (self.menu.bag_label(self.bag_id), len(bag), len(bag.tokens))]
        if self.last is not None:
            lines.append("drew %s" % token_text(self.last["token"]))
        if self.note:
            lines.append(self.note)
        lines.append("> " + self.choice_label(self.choice))
        return lines


class LeftScreen(Screen):
    """What is still in a bag: each kind of token with how many, or the numbers left."""

    def __init__(self, app, menu, bag_id):
        Screen.__init__(self, app)
        self.menu = menu
        self.bag_id = bag_id
        self.top = 0

    def lines(self):
        bag = self.menu.tool.bags[self.bag_id]
        if self.bag_id == "numbers":
            numbers = sorted(bag.left)
            if not numbers:
                return ["(empty)"]
            return widgets.wrap(" ".join([str(n) for n in numbers]))
        cells = ["%s x%d" % (token_text(token), count) for token, count in bag.counts()]
        lines = []
        for index in range(0, len(cells), 2):
            pair = cells[index : index + 2]
            if len(pair) == 2:
                lines.append(pair[0] + " " * max(1, 11 - len(pair[0])) + pair[1])
            else:
                lines.append(pair[0])
        return lines

    def button(self, name, kind):
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        if name in ("left", "right") and kind == SHORT:
            last_top = max(0, len(self.lines()) - 5)
            step = -1 if name == "left" else 1
            self.top = min(last_top, max(0, self.top + step))
            return True
        return False

    def draw(self, canvas):
        bag = self.menu.tool.bags[self.bag_id]
        widgets.title(canvas, self.menu.bag_label(self.bag_id), "%d left" % len(bag))
        lines = self.lines()
        y = 13
        for line in lines[self.top : self.top + 5]:
            canvas.text(line, 0, y)
            y += 10
        if len(lines) > 5:
            widgets.arrow(canvas, 120, 56)

    def text_lines(self):
        return self.lines()
