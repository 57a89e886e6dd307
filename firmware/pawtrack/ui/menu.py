"""A list of entries to scroll and pick from; the base of every menu screen.

Left and right move the highlight (holding them scrolls), ok picks the entry,
back leaves. Subclasses provide ``entries()`` (the labels, recomputed on each
draw so values like "Sound: on" stay current) and ``pick(index)``.
"""

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen


class MenuScreen(Screen):
    title = ""
    can_go_back = True

    def __init__(self, app):
        Screen.__init__(self, app)
        self.selected = 0
        self.top = 0

    def entries(self):
        return []

    def pick(self, index):
        """Act on the chosen entry; return True if the picture changed."""
        return False

    def adjust(self, index, step):
        """Left/right on an entry that holds a value; False means just move."""
        return False

    def visible_rows(self):
        return (self.app.canvas.height - widgets.TITLE_HEIGHT - 1) // widgets.ROW_HEIGHT

    def move(self, step):
        count = len(self.entries())
        if count == 0:
            return False
        self.selected = (self.selected + step) % count
        self.top = widgets.scroll_top(self.selected, self.top, self.visible_rows())
        return True

    def button(self, name, kind):
        if name in ("left", "right") and kind in (SHORT, REPEAT, LONG):
            step = -1 if name == "left" else 1
            if self.adjust(self.selected, step):
                return True
            return self.move(step)
        if name == "ok" and kind == SHORT:
            return self.pick(self.selected)
        if name == "back" and kind == SHORT and self.can_go_back:
            self.app.pop()
            return True
        return False

    def draw(self, canvas):
        labels = self.entries()
        if self.selected >= len(labels):
            self.selected = max(0, len(labels) - 1)
        self.top = widgets.scroll_top(self.selected, self.top, self.visible_rows())
        widgets.title(canvas, self.title, self.title_right())
        widgets.rows(canvas, labels, self.selected, self.top)

    def title_right(self):
        return ""

    def text_lines(self):
        labels = self.entries()
        return [("> " if i == self.selected else "  ") + label for i, label in enumerate(labels)]
