"""The page that asks for the faces the players rolled at the table (option rolls: table).

Two ways to enter, both made for three or four buttons:

``DiceEntry``   one die after another, drawn as the game's own icons in rows:
                left/right change the face of the die under the cursor (holding
                keeps changing), ok goes to the next die (on the last one it is
                done), a long ok is done at once with every die as shown, back
                goes to the die before (on the first one it cancels). A die not
                reached yet shows the face of the one before it, so a roll of
                like faces takes one press per die.
``CountEntry``  for more than MAX_ONE_BY_ONE dice of one kind (Om Nom Nom's 15
                prey dice): how many dice show each face, starting from an even
                spread. left/right change the count of the face under the
                cursor, ok goes to the next face (after the last but one it is
                done), long ok is done, back goes to the face before (on the
                first one it cancels); the last face gets whatever is left
                over, so the total is always the number of dice rolled. The
                faces come out in the die's face order.

Both call ``on_done(words)`` with one face word per die after the page closed;
the game's rules check the words again (they may still refuse the action).
``face_icon(face)`` gives the icon drawn for a face, or None to write the word.
"""

from pawtrack.buttons import LONG, REPEAT, SHORT
from pawtrack.ui import widgets
from pawtrack.ui.screen import Screen

TOP = widgets.TITLE_HEIGHT + 2
TEXT_BOX = 13  # a face without an icon is written in a box this wide
BIG_TEXT_BOX = 21  # ... or twice the size, for up to BIG_DICE dice
BIG_DICE = 5
MAX_ONE_BY_ONE = 8  # more dice than this are entered as counts per face (CountEntry)


def face_width(faces, face_icon, count):
    widest = TEXT_BOX
    if count <= BIG_DICE and has_no_icons(faces, face_icon):
        widest = BIG_TEXT_BOX
    for face in faces:
        icon = face_icon(face)
        if icon is not None and icon[0] > widest:
            widest = icon[0]
    return widest


def has_no_icons(faces, face_icon):
    for face in faces:
        if face_icon(face) is not None:
            return False
    return True


def draw_face(canvas, face, face_icon, x, y, size):
    icon = face_icon(face)
    if icon is None:
        word = str(face)[:2]
        scale = 2 if size >= BIG_TEXT_BOX else 1
        canvas.rect(x, y, size, size, 1)
        canvas.text(word, x + (size - len(word) * 6 * scale + scale) // 2,
                    y + (size - 7 * scale) // 2, 1, scale)
    else:
        canvas.icon(icon, x, y)


class EntryPage(Screen):
    """What both ways of entering share: the cursor walks over the steps (a die, or
    a face's count), ok goes on (on the last step it is done), a long ok is done at
    once, back goes to the step before (on the first one it cancels). A subclass
    gives ``steps()``, ``change(step)`` for left/right, ``words()``, and may note
    in ``reach()`` that the cursor came to a step for the first time."""

    def __init__(self, app, title, faces, count, face_icon, on_done):
        Screen.__init__(self, app)
        self.title = title
        self.faces = faces
        self.face_icon = face_icon
        self.on_done = on_done
        self.cursor = 0
        self.size = face_width(faces, face_icon, count)

    def button(self, name, kind):
        if name in ("left", "right") and kind in (SHORT, REPEAT):
            self.change(-1 if name == "left" else 1)
            return True
        if name == "ok" and kind == LONG:
            self.done()
            return True
        if kind != SHORT:
            return False
        if name == "ok":
            if self.cursor >= self.steps() - 1:
                self.done()
            else:
                self.cursor += 1
                self.reach()
            return True
        if name == "back":
            if self.cursor == 0:
                self.app.pop()
            else:
                self.cursor -= 1
            return True
        return False

    def reach(self):
        pass

    def done(self):
        words = self.words()
        self.app.pop()
        self.on_done(words)


class DiceEntry(EntryPage):
    def __init__(self, app, title, faces, count, face_icon, on_done, guess=0):
        EntryPage.__init__(self, app, title, faces, count, face_icon, on_done)
        self.chosen = [guess] * count  # an index into faces per die
        self.reached = 0  # the dice after this one show its face until reached

    def steps(self):
        return len(self.chosen)

    def change(self, step):
        self.chosen[self.cursor] = (self.chosen[self.cursor] + step) % len(self.faces)

    def reach(self):
        if self.cursor > self.reached:
            self.reached = self.cursor
            self.chosen[self.cursor] = self.chosen[self.cursor - 1]

    def face_of(self, index):
        return self.faces[self.chosen[min(index, self.reached)]]

    def words(self):
        return [str(self.face_of(index)) for index in range(len(self.chosen))]

    def draw(self, canvas):
        count = len(self.chosen)
        widgets.title(canvas, self.title, "%d/%d" % (self.cursor + 1, count))
        pitch = self.size + 3
        per_row = widgets.SCREEN_W // pitch
        for index in range(count):
            x = (index % per_row) * pitch + 1
            y = TOP + (index // per_row) * (self.size + 4)
            draw_face(canvas, self.face_of(index), self.face_icon, x, y, self.size)
            if index == self.cursor:
                canvas.hline(x, y + self.size + 1, self.size, 1)
        face = str(self.faces[self.chosen[self.cursor]])
        # The face in words too (at most 21 characters: "OK done: swordshield*").
        widgets.hint(canvas, ("OK next: " if self.cursor < count - 1 else "OK done: ") + face)

    def text_lines(self):
        return [self.title, " ".join(self.words())]


def even_spread(count, kinds):
    """The first guess for ``count`` dice of ``kinds`` equally likely faces: as even as
    can be (15 over 6: 3 3 3 2 2 2), so a usual roll is a few presses away."""
    counts = []
    for index in range(kinds):
        counts.append(count // kinds + (1 if index < count % kinds else 0))
    return counts


class CountEntry(EntryPage):
    def __init__(self, app, title, faces, count, face_icon, on_done, guess=None):
        EntryPage.__init__(self, app, title, faces, count, face_icon, on_done)
        self.counts = list(guess) if guess else even_spread(count, len(faces))

    def steps(self):
        return len(self.faces) - 1  # the last face's count is what is left over

    def change(self, step):
        last = len(self.faces) - 1
        count = self.counts[self.cursor] + step
        # The last face takes up the difference, so the total never changes.
        if 0 <= count and self.counts[last] - step >= 0:
            self.counts[self.cursor] = count
            self.counts[last] -= step

    def words(self):
        words = []
        for index in range(len(self.faces)):
            words += [str(self.faces[index])] * self.counts[index]
        return words

    def draw(self, canvas):
        widgets.title(canvas, self.title)  # the title says how many dice
        columns = 3
        pitch_x = widgets.SCREEN_W // columns
        pitch_y = self.size + 3
        for index in range(len(self.faces)):
            x = (index % columns) * pitch_x + 1
            y = TOP + (index // columns) * pitch_y
            draw_face(canvas, self.faces[index], self.face_icon, x, y, self.size)
            canvas.text("x%d" % self.counts[index], x + self.size + 2, y + (self.size - 7) // 2)
            if index == self.cursor:
                canvas.invert_rect(x + self.size + 1, y, pitch_x - self.size - 3, self.size)
        widgets.hint(canvas, "OK next  < > count")

    def text_lines(self):
        return [self.title] + ["%s x%d" % (self.faces[i], self.counts[i])
                               for i in range(len(self.faces))]
