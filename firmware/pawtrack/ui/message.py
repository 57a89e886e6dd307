"""A short message in a box: notices, errors, confirmations. Ok or back closes it."""

from pawtrack.buttons import SHORT
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen


class MessageScreen(Screen):
    def __init__(self, app, text, title="Note"):
        Screen.__init__(self, app)
        self.title = title
        self.lines = widgets.wrap(text)

    def button(self, name, kind):
        if name in ("ok", "back") and kind == SHORT:
            self.app.pop()
            return True
        return False

    def draw(self, canvas):
        widgets.title(canvas, self.title)
        y = widgets.TITLE_HEIGHT + 2
        for line in self.lines[:4]:
            canvas.text(line, 0, y)
            y += 9
        widgets.hint(canvas, "OK: continue")

    def text_lines(self):
        return self.lines
