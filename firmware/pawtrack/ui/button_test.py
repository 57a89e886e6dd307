"""Button test: shows each button while it is held and the last events seen.

Every button is reported as it is, so this screen is left by holding OK for
two seconds rather than by any single press.
"""

from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen

EXIT_HOLD_MS = 2000
LOG_LINES = 3
LABELS = {"left": "<-", "right": "->", "ok": "OK", "back": "back"}


class ButtonTestScreen(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.log = []
        self.ok_down_since = None
        self.shown_levels = None

    def button(self, name, kind):
        self.log.append("%s %s" % (name, kind))
        del self.log[:-LOG_LINES]
        return True

    def tick(self, now_ms):
        app = self.app
        levels = tuple(app.input.pressed)
        changed = levels != self.shown_levels
        self.shown_levels = levels
        if app.input.held("ok"):
            if self.ok_down_since is None:
                self.ok_down_since = now_ms
            elif app.clock.ticks_diff(now_ms, self.ok_down_since) >= EXIT_HOLD_MS:
                self.ok_down_since = None
                app.pop()
                return True
        else:
            self.ok_down_since = None
        return changed

    def draw(self, canvas):
        widgets.title(canvas, "Button test")
        names = self.app.input.names
        width = 128 // len(names)
        for i, name in enumerate(names):
            x = i * width
            held = self.app.input.pressed[i]
            if held:
                canvas.fill_rect(x + 1, 13, width - 2, 13, 1)
            else:
                canvas.rect(x + 1, 13, width - 2, 13, 1)
            label = LABELS.get(name, name)[: (width - 4) // 6]
            canvas.text(label, x + 3, 16, 0 if held else 1)
        y = 29
        for line in self.log:
            canvas.text(line, 0, y)
            y += 9
        widgets.hint(canvas, "Hold OK 2s to leave")

    def lights(self, layer):
        for i, held in enumerate(self.app.input.pressed):
            if held:
                layer.status(i, (0, 255, 0))
                layer.track(i, (0, 255, 0))
