"""A yes/no question before something that cannot be taken back (a new match over a saved one).

Left and right move between the two answers, ok picks, back is "no". The
highlight starts on "no", so a hurried ok never throws anything away.
"""

from pawtrack.buttons import SHORT
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen

ANSWER_Y = 44


class ConfirmScreen(Screen):
    def __init__(self, app, title, question, yes, no, on_yes):
        Screen.__init__(self, app)
        self.title = title
        self.lines = widgets.wrap(question)
        self.answers = (no, yes)
        self.on_yes = on_yes
        self.choice = 0  # "no"

    def button(self, name, kind):
        if kind != SHORT:
            return False
        if name in ("left", "right"):
            self.choice = 1 - self.choice
            return True
        if name == "back" or (name == "ok" and self.choice == 0):
            self.app.pop()
            return True
        if name == "ok":
            self.app.pop()
            self.on_yes()
            return True
        return False

    def draw(self, canvas):
        widgets.title(canvas, self.title)
        y = widgets.TITLE_HEIGHT + 2
        for line in self.lines[:3]:
            canvas.text(line, 0, y)
            y += 9
        widgets.rows(canvas, self.answers, self.choice, 0, first_y=ANSWER_Y, visible=2)

    def text_lines(self):
        return self.lines + [("> " if i == self.choice else "  ") + a
                             for i, a in enumerate(self.answers)]
