"""Drawing pieces shared by screens: title bar, list rows, arrows, hints, wrapped text."""

from pawtrack import const
from pawtrack.gfx.canvas import text_width

TITLE_HEIGHT = const(11)
ROW_HEIGHT = const(10)
SCREEN_W = const(128)


def title(canvas, text, right=""):
    """An inverted title bar across the top, with optional right-aligned text."""
    canvas.fill_rect(0, 0, SCREEN_W, TITLE_HEIGHT - 1, 1)
    canvas.text(text, 2, 1, 0)
    if right:
        x = SCREEN_W - 2 - text_width(right)
        canvas.text(right, x, 1, 0)
        if right == "OK":  # "OK" in the corner says what ok does on this page: go on
            pressable(canvas, "ok", x - 2, 0, text_width(right) + 4, TITLE_HEIGHT - 1)


def centered(canvas, text, y, scale=1, color=1):
    x = (SCREEN_W - text_width(text, scale)) // 2
    canvas.text(text, x, y, color, scale)


def rows(canvas, labels, selected, top, first_y=TITLE_HEIGHT + 1, visible=None):
    """A scrolling list: the selected row inverted, a scroll bar if needed.

    Left and right move the highlight one row on every screen that draws one,
    so when the row it goes to is on screen, both rows are noted as what those
    presses flip: the bar moves the moment the button is let go (its arrow
    follows with the picture)."""
    if visible is None:
        visible = (canvas.height - first_y) // ROW_HEIGHT
    count = len(labels)
    bar = (0, first_y + (selected - top) * ROW_HEIGHT, SCREEN_W - 4, ROW_HEIGHT - 1)
    if selected + 1 < min(count, top + visible):
        _flips(canvas, "right", bar, ROW_HEIGHT)
    if selected - 1 >= top:
        _flips(canvas, "left", bar, -ROW_HEIGHT)
    for slot in range(visible):
        index = top + slot
        if index >= count:
            break
        y = first_y + slot * ROW_HEIGHT
        if index == selected:
            canvas.fill_rect(0, y, SCREEN_W - 4, ROW_HEIGHT - 1, 1)
            arrow(canvas, 2, y + 1, 0)
            canvas.text(labels[index], 12, y + 1, 0)
            pressable(canvas, "ok", 10, y, text_width(labels[index]) + 4, ROW_HEIGHT - 1)
        else:
            canvas.text(labels[index], 12, y + 1, 1)
    if count > visible:
        track = canvas.height - first_y
        knob = max(4, (track * visible) // count)
        offset = ((track - knob) * top) // max(1, count - visible)
        canvas.vline(SCREEN_W - 2, first_y, track, 1)
        canvas.fill_rect(SCREEN_W - 3, first_y + offset, 3, knob, 1)


def pressable(canvas, button, x, y, w, h):
    """Note the area a short press of ``button`` acts on: it flips the moment the
    button is let go, before the press is handled (``App.acknowledge``)."""
    canvas.pressable[button] = ((x, y, w, h),)


def _flips(canvas, button, bar, step):
    """The highlight bar and the row ``step`` pixels below (or above) flip together."""
    x, y, w, h = bar
    canvas.pressable[button] = (bar, (x, y + step, w, h))


ARROW_SIZE = const(7)


# The 7x7 arrows (MONO_HLSB rows), right and left: a 3-pixel shaft, a 7-pixel head.
# Written out as bytes, because building them from text ran at every boot; kept here
# rather than with the icons, so the main menu's first picture needs no icon module.
#   ...#...   ...#...
#   ...##..   ..##...
#   ######.   .######
#   #######   #######
#   ######.   .######
#   ...##..   ..##...
#   ...#...   ...#...
RIGHT_ARROW = (ARROW_SIZE, ARROW_SIZE, b"\x10\x18\xfc\xfe\xfc\x18\x10")
LEFT_ARROW = (ARROW_SIZE, ARROW_SIZE, b"\x10\x30\x7e\xfe\x7e\x30\x10")


def arrow(canvas, x, y, color=1, left=False):
    """A 7x7 arrow pointing right (or left)."""
    canvas.icon(LEFT_ARROW if left else RIGHT_ARROW, x, y, color)


def scroll_top(selected, top, visible):
    """Keep the selected row on screen."""
    if selected < top:
        return selected
    if selected >= top + visible:
        return selected - visible + 1
    return top


def wrap(text, width_chars=21):
    """Split text into lines of at most width_chars, breaking at spaces."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while len(word) > width_chars:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width_chars])
                word = word[width_chars:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width_chars:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def hint(canvas, text):
    """A one-line hint at the bottom of the screen."""
    y = canvas.height - 8
    canvas.fill_rect(0, y - 1, SCREEN_W, 9, 0)
    canvas.text(text, 0, y)
    if text.startswith("OK"):  # "OK: continue", "OK pick ...": what ok does
        pressable(canvas, "ok", 0, y - 1, text_width(text[:2]) + 2, 9)
