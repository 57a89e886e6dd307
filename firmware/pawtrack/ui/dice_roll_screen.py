"""The "Dice & bag" tool's roll page: N dice of one kind, shown large.

Left/right set how many dice (1-15; holding scrolls), ok rolls, long ok opens
the history, back returns to the tool's menu. A roll first tumbles for
``ROLL_MS`` (the faces change every ``FRAME_MS``, driven by ``tick``); any
press skips to the result, which the tool decided when ok was pressed.

The result is drawn by kind of die:

* picture dice (every face has an icon, e.g. Mmm! food): the icons, twice
  the size for one or two dice; from six dice on, one icon per face rolled
  with how many came up;
* number dice: large digits and the total;
* word dice: the words for up to three dice, else a tally of every face.

LEDs: one per die (as many as the strip has), in the face's colour: foods in
``lights.FOOD_COLORS``, numbers 1-6 red to blue, words in ``FACE_COLORS``.
"""

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.dicetool import MAX_DICE
from pawtrack.game import IllegalAction
from pawtrack.gfx.canvas import text_width
from pawtrack.ui import icons, lights, widgets
from pawtrack.ui.screen import Screen

ROLL_MS = 600
FRAME_MS = 60
BODY_TOP = widgets.TITLE_HEIGHT + 1
BODY_HEIGHT = 64 - BODY_TOP

NUMBER_COLORS = (lights.RED, lights.ORANGE, lights.YELLOW, lights.GREEN, lights.CYAN, lights.BLUE)
FACE_COLORS = {
    "rabbit": lights.WHITE,
    "mouse": lights.GREY,
    "frog": lights.GREEN,
    "fly": lights.PURPLE,
    "sword*": lights.RED,
    "swordshield": lights.ORANGE,
    "swordshield*": lights.YELLOW,
    "bow": lights.GREEN,
    "bow*": lights.CYAN,
}
# Faces whose name is too long for half the screen.
FACE_TEXT = {"swordshield": "sw+shld", "swordshield*": "sw+shld*"}


def face_color(face):
    if isinstance(face, int):
        return NUMBER_COLORS[(face - 1) % len(NUMBER_COLORS)]
    if face in lights.FOOD_COLORS:
        return lights.FOOD_COLORS[face]
    return FACE_COLORS.get(face, lights.WHITE)


def face_text(face):
    return FACE_TEXT.get(face, str(face))


def die_kind(faces):
    """How a die is drawn: as a number, an icon (every face has one) or a word."""
    if isinstance(faces[0], int):
        return "number"
    for face in faces:
        if face not in icons.BY_NAME:
            return "word"
    return "icon"


def tally(rolled, faces):
    """[(face, count), ...] for each distinct face of the die, in die order."""
    result = []
    for face in faces:
        for entry in result:
            if entry[0] == face:
                break
        else:
            result.append((face, rolled.count(face)))
    return result


def centered_row(count, width, pitch):
    """The x of the first of ``count`` items ``width`` wide, ``pitch`` apart."""
    return (widgets.SCREEN_W - (count - 1) * pitch - width) // 2


def draw_icons(canvas, rolled, faces):
    count = len(rolled)
    if count <= 2:
        x = centered_row(count, 48, 56)
        for index in range(count):
            canvas.icon(icons.BY_NAME[rolled[index]], x + index * 56, BODY_TOP + 1, 1, 2)
        return
    if count <= 5:
        x = centered_row(count, 24, 25)
        for index in range(count):
            canvas.icon(icons.BY_NAME[rolled[index]], x + index * 25, BODY_TOP + 14)
        return
    shown = [entry for entry in tally(rolled, faces) if entry[1]]
    rows = (len(shown) + 2) // 3
    for index in range(min(6, len(shown))):
        face, number = shown[index]
        x = (index % 3) * 43
        y = BODY_TOP + (index // 3) * 26 + (13 if rows == 1 else 0)
        canvas.icon(icons.BY_NAME[face], x, y)
        if number < 10:
            canvas.text(str(number), x + 26, y + 5, 1, 2)
        else:
            canvas.text(str(number), x + 26, y + 9)


def draw_die(canvas, value, x, y, scale):
    """A number in a rounded box: a die seen from above."""
    text = str(value)
    width = text_width(text, scale) + 2 * scale
    height = 9 * scale
    canvas.rect(x, y, width, height, 1)
    for cx, cy in (
        (x, y),
        (x + width - 1, y),
        (x, y + height - 1),
        (x + width - 1, y + height - 1),
    ):
        canvas.pixel(cx, cy, 0)
    canvas.text(text, x + scale, y + scale, 1, scale)


def draw_numbers(canvas, rolled):
    count = len(rolled)
    if count == 1:
        draw_die(canvas, rolled[0], centered_row(1, 28, 0), BODY_TOP + 8, 4)
        return
    total = 0
    for value in rolled:
        total += value
    if count <= 5:
        x = centered_row(count, 21, 25)
        for index in range(count):
            draw_die(canvas, rolled[index], x + index * 25, BODY_TOP + 1, 3)
        widgets.centered(canvas, "= %d" % total, BODY_TOP + 34, 2)
        return
    rows = (count + 7) // 8
    for row in range(rows):
        chunk = rolled[row * 8 : row * 8 + 8]
        x = centered_row(len(chunk), 14, 16)
        y = BODY_TOP - 1 + row * 19 + (9 if rows == 1 else 0)
        for index in range(len(chunk)):
            draw_die(canvas, chunk[index], x + index * 16, y, 2)
    widgets.centered(canvas, "= %d" % total, BODY_TOP + 38, 2)


def draw_words(canvas, rolled, faces):
    count = len(rolled)
    if count <= 3:
        scale = 3 if count == 1 else 2
        top = BODY_TOP + (BODY_HEIGHT - count * 7 * scale - (count - 1) * 3) // 2
        for index in range(count):
            text = face_text(rolled[index])
            size = scale
            while size > 1 and text_width(text, size) > widgets.SCREEN_W:
                size -= 1
            y = top + index * (7 * scale + 3) + (7 * (scale - size)) // 2
            widgets.centered(canvas, text, y, size)
        return
    entries = tally(rolled, faces)
    if len(entries) > 6:
        entries = [entry for entry in entries if entry[1]][:6]
    canvas.vline(63, BODY_TOP + 1, BODY_HEIGHT - 2, 1)
    for index in range(len(entries)):
        face, number = entries[index]
        x = (index % 2) * 66
        y = BODY_TOP + 1 + (index // 2) * 17
        canvas.text(face_text(face), x, y + 4)
        value = str(number) if number else "-"
        canvas.text(value, x + 61 - text_width(value, 2), y, 1, 2)


def draw_roll(canvas, rolled, faces):
    kind = die_kind(faces)
    if kind == "number":
        draw_numbers(canvas, rolled)
    elif kind == "icon":
        draw_icons(canvas, rolled, faces)
    else:
        draw_words(canvas, rolled, faces)


def roll_lines(rolled, faces):
    """The roll as short text lines (the protocol's text view, the history)."""
    kind = die_kind(faces)
    if kind == "number":
        total = 0
        for value in rolled:
            total += value
        text = " ".join([str(value) for value in rolled])
        return widgets.wrap(text + (" = %d" % total if len(rolled) > 1 else ""))
    if len(rolled) <= 5:
        return widgets.wrap(" ".join([face_text(face) for face in rolled]))
    parts = ["%s %d" % (face_text(face), number) for face, number in tally(rolled, faces) if number]
    return widgets.wrap(", ".join(parts))


class RollScreen(Screen):
    def __init__(self, app, menu, die_id, label, faces):
        Screen.__init__(self, app)
        self.menu = menu
        self.die_id = die_id
        self.label = label
        self.faces = faces
        self.rolled = None  # the faces shown, once rolled
        self.started = None  # ticks_ms when the tumble began; None when still
        self.frame = 0

    @property
    def count(self):
        return self.menu.count(self.die_id)

    @property
    def rolling(self):
        return self.started is not None

    def button(self, name, kind):
        if self.rolling:
            self.started = None  # any press shows the result at once
            return True
        if name == "back" and kind == SHORT:
            self.app.pop()
            return True
        if name in ("left", "right") and kind in (SHORT, REPEAT, LONG):
            step = -1 if name == "left" else 1
            self.menu.set_count(self.die_id, (self.count - 1 + step) % MAX_DICE + 1)
            self.rolled = None
            return True
        if name == "ok" and kind == SHORT:
            return self.roll()
        if name == "ok" and kind == LONG:
            self.menu.open_history()
            return True
        return False

    def roll(self):
        try:
            entry = self.menu.tool.apply("roll %s %d" % (self.die_id, self.count))
        except IllegalAction as error:
            self.app.message(str(error), title="Not now")
            return True
        self.rolled = entry["faces"]
        self.started = self.app.clock.ticks_ms()
        self.frame = 0
        return True

    def tick(self, now_ms):
        if not self.rolling:
            return False
        elapsed = self.app.clock.ticks_diff(now_ms, self.started)
        if elapsed >= ROLL_MS:
            self.started = None
            return True
        frame = elapsed // FRAME_MS
        if frame != self.frame:
            self.frame = frame
            return True
        return False

    def shown(self):
        """The faces on show: the result, or a tumbling stand-in while rolling."""
        if not self.rolling:
            return self.rolled
        faces = self.faces
        tumbling = []
        for index in range(len(self.rolled)):
            mixed = self.frame * 31 + index * 17
            tumbling.append(faces[(mixed * mixed + 7 * index) % 97 % len(faces)])
        return tumbling

    def draw(self, canvas):
        count = self.count
        widgets.title(canvas, self.label, "%d %s" % (count, "die" if count == 1 else "dice"))
        if self.rolled is None:
            widgets.centered(canvas, "OK: roll", BODY_TOP + 8, 2)
            widgets.centered(canvas, "LEFT/RIGHT: how many", BODY_TOP + 30)
            widgets.centered(canvas, "hold OK: history", BODY_TOP + 41)
            return
        draw_roll(canvas, self.shown(), self.faces)

    def lights(self, layer):
        shown = self.shown()
        if shown is None:
            return
        for index in range(min(len(shown), layer.count)):
            layer.set(index, face_color(shown[index]))

    def text_lines(self):
        lines = ["%s x%d" % (self.label, self.count)]
        if self.rolled is None:
            return lines + ["OK: roll"]
        if self.rolling:
            return lines + ["rolling"]
        return lines + roll_lines(self.rolled, self.faces)
