"""A short message in a box: notices, errors, confirmations. Ok or back closes it."""

from pawtrack.buttons import REPEAT, SHORT
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


NOTE_MS = 1500  # how long a note stays over its screen
NOTE_X, NOTE_Y, NOTE_W = 6, 14, 116


class NoteScreen(Screen):
    """A short note in a box over the screen below it (e.g. after an undo). It goes by
    itself after NOTE_MS, or at the next press, which the screen below then gets, so
    it never costs a press."""

    def __init__(self, app, below, text):
        Screen.__init__(self, app)
        self.below = below
        self.lines = widgets.wrap(text, 18)[:3]
        self.since = None

    def tick(self, now_ms):
        changed = self.below.tick(now_ms)  # its animations and alarms go on underneath
        if self.since is None:
            self.since = now_ms
        elif now_ms - self.since >= NOTE_MS and self.app.screen is self:
            self.app.pop()
            return True
        return changed

    def button(self, name, kind):
        if kind == REPEAT:
            return False  # the press that made the note may still be held
        self.app.pop()
        self.app.screen.button(name, kind)
        return True

    def draw(self, canvas):
        self.below.draw(canvas)
        height = 5 + 9 * len(self.lines)
        canvas.fill_rect(NOTE_X, NOTE_Y, NOTE_W, height, 0)
        canvas.rect(NOTE_X, NOTE_Y, NOTE_W, height, 1)
        y = NOTE_Y + 3
        for line in self.lines:
            widgets.centered(canvas, line, y)
            y += 9

    def lights(self, layer):
        self.below.lights(layer)

    def text_lines(self):
        return self.below.text_lines() + ["note: " + " ".join(self.lines)]
