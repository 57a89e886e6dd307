"""The row of choices at the bottom of a game's table, and the screen built on it.

Every game screen offers the legal actions one at a time in an inverted row:
left and right cycle them (holding keeps cycling), ok does the one shown. The
rest of the game-screen conventions (see ``pawtrack.ui.screen``) live here
too, once: back goes to the main menu, a long back undoes, a long ok opens the
game's extra page, and a refused action becomes a short message. An undo
says so in a note over the table for a moment (``message.NoteScreen``); the
next press goes through it to the table.
"""

from pawtrack import table_rolls
from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.game import IllegalAction
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen

CHOICE_Y = 54
UNDO_NOTE = "Undone. Hold BACK: undo more. BACK: menu"


def choice_row(canvas, label, count, x=0, y=CHOICE_Y):
    """An inverted row from x to the right edge with the label centred, arrows if more."""
    width = widgets.SCREEN_W - x
    canvas.fill_rect(x, y - 1, width, 10, 1)
    if count > 1:
        widgets.arrow(canvas, x + 1, y, 0, left=True)
        widgets.arrow(canvas, widgets.SCREEN_W - 8, y, 0)
        widgets.pressable(canvas, "left", x, y - 1, 9, 10)
        widgets.pressable(canvas, "right", widgets.SCREEN_W - 9, y - 1, 9, 10)
    text_x = x + (width - len(label) * 6 + 1) // 2
    canvas.text(label, text_x, y, 0)
    widgets.pressable(canvas, "ok", text_x - 2, y - 1, len(label) * 6 + 3, 10)


class ChoiceScreen(Screen):
    """A game table whose choices are the match's legal actions.

    Subclasses may override ``actions()`` (to put the usual choice first),
    ``more()`` (the screen a long ok opens, or None) and ``acted(events)``
    (what to do after an action, e.g. describe it or start an animation).
    """

    HOLD_BACK = "Keep holding: undo"

    def __init__(self, app, match):
        Screen.__init__(self, app)
        self.choice = None

    @property
    def game(self):
        return self.app.session.match.game

    def actions(self):
        return self.game.legal_actions()

    def current(self):
        """(the action shown, all actions); the shown one follows the state."""
        actions = self.actions()
        if not actions:
            return None, actions
        if self.choice not in actions:
            self.choice = actions[0]
        return self.choice, actions

    def more(self):
        return None

    def acted(self, events):
        pass

    def undone(self):
        pass

    def button(self, name, kind):
        if name == "back":
            if kind == SHORT:
                self.app.home()
                return True
            if kind == LONG:
                return self.act(None)
            return False
        if name == "ok" and kind == LONG:
            page = self.more()
            if page is not None:
                self.app.push(page)
            return page is not None
        choice, actions = self.current()
        if name in ("left", "right") and kind in (SHORT, REPEAT) and actions:
            step = -1 if name == "left" else 1
            self.choice = actions[(actions.index(choice) + step) % len(actions)]
            return True
        if name == "ok" and kind == SHORT and choice is not None:
            return self.act(choice)
        return False

    def face_icon(self, face):
        """The icon of a die face on the page that asks for a roll (None: the word)."""
        return None

    def ask_faces(self, action, faces, count):
        """The table rolled for ``action``: ask for the faces, then act with them."""
        from pawtrack.ui import dice_entry

        base = table_rolls.without_mark(action)

        def entered(words):
            ChoiceScreen.act(self, base + " " + " ".join(words))

        title = "Your roll: " + table_rolls.dice_count(count)
        # Many dice of one kind are entered as how many show each face.
        page = dice_entry.CountEntry if count > dice_entry.MAX_ONE_BY_ONE else dice_entry.DiceEntry
        self.app.push(page(self.app, title, faces, count, self.face_icon, entered))

    def act(self, action):
        """Do ``action`` (None: undo) through the session; a refusal becomes a message.
        An action the table rolls for asks for the faces first (pawtrack.table_rolls)."""
        entry = None if action is None else self.game.entry_for(action)
        if entry is not None:
            self.ask_faces(action, entry[0], entry[1])
            return True
        try:
            if action is None:
                self.app.session.undo()
                self.undone()
                from pawtrack.ui.message import NoteScreen

                self.app.push(NoteScreen(self.app, self, UNDO_NOTE))
            else:
                self.acted(self.app.session.act(action))
        except IllegalAction as error:
            self.app.message(str(error), title="Not now")
        return True
