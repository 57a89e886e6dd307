"""Small pages the Mice and Mystics table opens to ask one thing: a number, a choice, a list.

``Picker``      one value out of a few (how many dice, melee or ranged, which
                mouse): left/right change it (holding keeps changing), ok picks
                it, back cancels. ``on_pick(value)`` runs after the page closed,
                so it may open the next picker of a chain.
``ToggleList``  rows that are switched in or out one at a time (the heroes in
                play, an encounter's minion types); each ok is one action, the
                marks come from the rules; "Done" or back closes it.
``ChapterPage`` everything the device keeps, as a scrolling list (long ok).
"""

from pawtrack.buttons import REPEAT, SHORT
from pawtrack.gfx.canvas import text_width
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen


class Picker(Screen):
    def __init__(self, app, title, options, on_pick, start=0, hint="OK pick  BACK cancel"):
        Screen.__init__(self, app)
        self.title = title
        self.options = options  # [(label, value), ...]
        self.on_pick = on_pick
        self.index = start if 0 <= start < len(options) else 0
        self.hint = hint

    @property
    def value(self):
        return self.options[self.index][1]

    def button(self, name, kind):
        if name in ("left", "right") and kind in (SHORT, REPEAT):
            step = -1 if name == "left" else 1
            self.index = (self.index + step) % len(self.options)
            return True
        if kind != SHORT:
            return False
        if name == "back":
            self.app.pop()
            return True
        if name == "ok":
            value = self.value
            self.app.pop()
            self.on_pick(value)
            return True
        return False

    def draw(self, canvas):
        widgets.title(canvas, self.title, "%d/%d" % (self.index + 1, len(self.options)))
        label = self.options[self.index][0]
        scale = 2 if text_width(label, 2) <= widgets.SCREEN_W - 24 else 1
        y = 26 if scale == 2 else 30
        widgets.centered(canvas, label, y, scale)
        if len(self.options) > 1:
            widgets.arrow(canvas, 0, 30, left=True)
            widgets.arrow(canvas, widgets.SCREEN_W - 7, 30)
            widgets.pressable(canvas, "left", 0, 29, 8, 9)
            widgets.pressable(canvas, "right", widgets.SCREEN_W - 8, 29, 8, 9)
        widgets.hint(canvas, self.hint)

    def text_lines(self):
        return [self.title, "> " + self.options[self.index][0]]


def number_options(low, high, dice=False):
    """[(label, n)] for n in low..high: "1 die", "3 dice" with ``dice``, else "3"."""
    options = []
    for n in range(low, high + 1):
        label = str(n)
        if dice:
            label += " die" if n == 1 else " dice"
        options.append((label, n))
    return options


class ToggleList(Screen):
    """Rows switched in or out, one action each; the last row closes the page."""

    def __init__(self, app, title, rows, act, marked):
        Screen.__init__(self, app)
        self.title = title
        self.rows = rows  # [(label, action), ...]
        self.act = act  # act(action): the table's act (refusals become messages)
        self.marked = marked  # marked(index) -> bool, read from the rules at draw time
        self.selected = 0
        self.top = 0

    def labels(self):
        labels = []
        for index in range(len(self.rows)):
            labels.append(("[x] " if self.marked(index) else "[ ] ") + self.rows[index][0])
        labels.append("Done")
        return labels

    def button(self, name, kind):
        count = len(self.rows) + 1
        if name in ("left", "right") and kind in (SHORT, REPEAT):
            self.selected = (self.selected + (1 if name == "right" else -1)) % count
            return True
        if kind != SHORT:
            return False
        if name == "back" or (name == "ok" and self.selected == len(self.rows)):
            self.app.pop()
            return True
        if name == "ok":
            self.act(self.rows[self.selected][1])
            return True
        return False

    def draw(self, canvas):
        chosen = 0
        for index in range(len(self.rows)):
            if self.marked(index):
                chosen += 1
        widgets.title(canvas, self.title, str(chosen))
        visible = (canvas.height - widgets.TITLE_HEIGHT - 1) // widgets.ROW_HEIGHT
        self.top = widgets.scroll_top(self.selected, self.top, visible)
        widgets.rows(canvas, self.labels(), self.selected, self.top)

    def text_lines(self):
        labels = self.labels()
        return [("> " if i == self.selected else "  ") + labels[i] for i in range(len(labels))]


PAGE_ROWS = 4  # the chapter page's lines above its hint


class ChapterPage(Screen):
    """A scrolling list of lines (``lines()`` is called at draw time); back or ok closes it."""

    def __init__(self, app, title, lines):
        Screen.__init__(self, app)
        self.title = title
        self.lines = lines
        self.top = 0

    def button(self, name, kind):
        if name in ("left", "right") and kind in (SHORT, REPEAT):
            count = len(self.lines())
            visible = PAGE_ROWS
            step = -1 if name == "left" else 1
            self.top = max(0, min(count - visible, self.top + step))
            return True
        if name in ("back", "ok") and kind == SHORT:
            self.app.pop()
            return True
        return False

    def draw(self, canvas):
        lines = self.lines()
        widgets.title(canvas, self.title, "%d/%d" % (min(self.top + 1, len(lines)), len(lines)))
        y = widgets.TITLE_HEIGHT + 2
        for line in lines[self.top:self.top + PAGE_ROWS]:
            canvas.text(line[:21], 0, y)
            y += 10
        widgets.hint(canvas, "OK: table  < > scroll")

    def text_lines(self):
        return self.lines()
