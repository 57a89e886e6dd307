"""Drawing pieces shared by screens: title bar, list rows, arrows, hints, wrapped text."""

from pawtrack import const
from pawtrack.ui.canvas import text_width

TITLE_HEIGHT = const(11)
ROW_HEIGHT = const(10)
SCREEN_W = const(128)


def title(canvas, text, right=""):
    """An inverted title bar across the top, with optional right-aligned text."""
    canvas.fill_rect(0, 0, SCREEN_W, TITLE_HEIGHT - 1, 1)
    canvas.text(text, 2, 1, 0)
    if right:
        canvas.text(right, SCREEN_W - 2 - text_width(right), 1, 0)


def centered(canvas, text, y, scale=1, color=1):
    x = (SCREEN_W - text_width(text, scale)) // 2
    canvas.text(text, x, y, color, scale)


def rows(canvas, labels, selected, top, first_y=TITLE_HEIGHT + 1, visible=None):
    """A scrolling list: the selected row inverted, a scroll bar if needed."""
    if visible is None:
        visible = (canvas.height - first_y) // ROW_HEIGHT
    count = len(labels)
    for slot in range(visible):
        index = top + slot
        if index >= count:
            break
        y = first_y + slot * ROW_HEIGHT
        if index == selected:
            canvas.fill_rect(0, y, SCREEN_W - 4, ROW_HEIGHT - 1, 1)
            arrow(canvas, 2, y + 1, 0)
            canvas.text(labels[index], 12, y + 1, 0)
        else:
            canvas.text(labels[index], 12, y + 1, 1)
    if count > visible:
        track = canvas.height - first_y
        knob = max(4, (track * visible) // count)
        offset = ((track - knob) * top) // max(1, count - visible)
        canvas.vline(SCREEN_W - 2, first_y, track, 1)
        canvas.fill_rect(SCREEN_W - 3, first_y + offset, 3, knob, 1)


ARROW_SIZE = const(7)


def arrow(canvas, x, y, color=1, left=False):
    """A 7x7 arrow pointing right (or left): a 3-pixel shaft and a 7-pixel head.

    Drawn with five primitives rather than an icon, so the main menu's first
    picture needs no icon module at boot."""
    head = x + 3
    step = -1 if left else 1
    if left:
        head = x + ARROW_SIZE - 4
        canvas.fill_rect(head + 1, y + 2, 3, 3, color)  # the shaft
    else:
        canvas.fill_rect(x, y + 2, 3, 3, color)
    canvas.vline(head, y, 7, color)
    canvas.vline(head + step, y + 1, 5, color)
    canvas.vline(head + 2 * step, y + 2, 3, color)
    canvas.pixel(head + 3 * step, y + 3, color)


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
