"""Button test: shows each button while it is held and the last events seen.

Every button is reported as it is (on a board without a back button, holding
left shows up as back, as everywhere else), so no single press leaves this
screen: holding OK for two seconds does, on every board, since every board
has an OK button. While OK is held, the hint turns into a bar that fills up
until the screen is left, so the player knows to keep holding. Under the
last presses seen, a line says what the last one does at a game's table, so
this screen is also where a player learns the buttons.
"""

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen

EXIT_HOLD_MS = 2000
EXIT_STEPS = 10  # the bar grows in this many steps while OK is held
LOG_LINES = 2
IN_A_GAME = {
    ("left", SHORT): "In a game: previous",
    ("right", SHORT): "In a game: next",
    ("ok", SHORT): "In a game: do it",
    ("ok", LONG): "In a game: more pages",
    ("back", SHORT): "In a game: to menu",
    ("back", LONG): "In a game: undo",
}
LABELS = {"left": "<-", "right": "->", "ok": "OK", "back": "back"}
KEEP_HOLDING = "Keep holding"
BAR_X = 78  # after KEEP_HOLDING


def leave_hint():
    return "Hold OK %ds to leave" % (EXIT_HOLD_MS // 1000)


class ButtonTestScreen(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.log = []
        self.meaning = ""  # what the last press does at a game's table
        self.ok_down_since = None
        self.exit_steps = 0  # how much of the leaving bar is shown
        self.shown_levels = None

    def button(self, name, kind):
        if kind == REPEAT:
            return False  # the box shows the button still held; the log keeps the news
        self.log.append("%s %s" % (name, kind))
        del self.log[:-LOG_LINES]
        self.meaning = IN_A_GAME.get((name, kind), "")
        return True

    def tick(self, now_ms):
        app = self.app
        levels = tuple(app.input.pressed)
        changed = levels != self.shown_levels
        self.shown_levels = levels
        steps = 0
        if app.input.held("ok"):
            if self.ok_down_since is None:
                self.ok_down_since = now_ms
            held = app.clock.ticks_diff(now_ms, self.ok_down_since)
            if held >= EXIT_HOLD_MS:
                self.ok_down_since = None
                app.pop()
                return True
            steps = held * EXIT_STEPS // EXIT_HOLD_MS
        else:
            self.ok_down_since = None
        if steps != self.exit_steps:
            self.exit_steps = steps
            changed = True
        return changed

    def draw(self, canvas):
        widgets.title(canvas, "Button test")
        names = self.app.input.names
        width = 128 // len(names)
        tall = canvas.height >= 64  # a 128x32 panel has room for the boxes and the hint only
        box_height = 13 if tall else 10
        label_y = 16 if tall else 15
        for i, name in enumerate(names):
            x = i * width
            held = self.app.input.pressed[i]
            if held:
                canvas.fill_rect(x + 1, 13, width - 2, box_height, 1)
            else:
                canvas.rect(x + 1, 13, width - 2, box_height, 1)
            label = LABELS.get(name, name)[: (width - 4) // 6]
            canvas.text(label, x + 3, label_y, 0 if held else 1)
        if tall:
            y = 29
            for line in self.log:
                canvas.text(line, 0, y)
                y += 9
            canvas.text(self.meaning, 0, y)
        if self.ok_down_since is None:
            widgets.hint(canvas, leave_hint())
            return
        widgets.hint(canvas, KEEP_HOLDING)
        y = canvas.height - 7
        canvas.rect(BAR_X, y, 128 - BAR_X, 6, 1)
        canvas.fill_rect(BAR_X, y, (128 - BAR_X) * self.exit_steps // EXIT_STEPS, 6, 1)

    def text_lines(self):
        pressed = self.app.input.pressed
        held = [name for i, name in enumerate(self.app.input.names) if pressed[i]]
        lines = ["held: " + (" ".join(held) if held else "-")]
        lines.extend(self.log)
        if self.meaning:
            lines.append(self.meaning)
        if self.ok_down_since is None:
            lines.append(leave_hint())
        else:
            lines.append("%s %d/%d" % (KEEP_HOLDING, self.exit_steps, EXIT_STEPS))
        return lines

    def lights(self, layer):
        for i, held in enumerate(self.app.input.pressed):
            if held:
                layer.status(i, (0, 255, 0))
                layer.track(i, (0, 255, 0))
