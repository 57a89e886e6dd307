"""The app's input: button events from the pins or the protocol, each acknowledged at once.

``Input`` is one part of ``pawtrack.ui.app.App``. A short press first flips
the control it acts on, on the panel (``acknowledge``), then goes to the
screen on top; on a board without a back button, holding left stands for back
and holding it on for a long back (undo).
"""

from pawtrack import const
from pawtrack.buttons import LONG, REPEAT, SHORT

LEFT_UNDO_REPEATS = const(7)  # repeats after the long press: 500 + 7 * 150 ms of holding
PRESS_TONE_HZ = const(2000)
HOLD_TONE_HZ = const(1200)
KEY_TONE_MS = const(15)


class Input:
    def press(self, name, kind=SHORT):
        """A button event from the pins or the protocol."""
        if not self.has_back and name == "left" and kind != SHORT:
            self.left_as_back(kind)
            return
        self.deliver(name, kind)

    def deliver(self, name, kind):
        if self.settings.sound and kind != REPEAT:
            self.beep(PRESS_TONE_HZ if kind == SHORT else HOLD_TONE_HZ, KEY_TONE_MS)
        if kind == SHORT:
            self.acknowledge(name)
        if self.guard(self.screen.button, name, kind):
            self.dirty = True

    def acknowledge(self, name):
        """The control a short press acts on flips on the panel at once, before the press
        is handled: the player sees the press taken even when the answer takes a while
        (a game's turn, a switch to another boot). The next picture replaces it.

        Only when the panel shows the current screen's last picture (not dirty):
        the pressable areas are the ones that picture noted."""
        areas = self.canvas.pressable.get(name)
        if areas is None or self.dirty:
            return
        canvas = self.canvas
        left, top, right, bottom = canvas.width, canvas.height, 0, 0
        for x, y, w, h in areas:  # one control, or a highlight moving to the next row
            canvas.invert_rect(x, y, w, h)
            left, top = min(left, x), min(top, y)
            right, bottom = max(right, x + w), max(bottom, y + h)
        canvas.show_area(left, top, right - left, bottom - top)
        self.dirty = True  # the panel no longer shows the screen's picture

    def left_as_back(self, kind):
        """Three buttons: holding left is back, holding it on is a long back (undo).

        Left held past the long-press time and let go is back; held on for
        LEFT_UNDO_REPEATS more repeat periods (about 1.5 s in all) it is a
        long back at once. The release is seen by ``release_left``.
        """
        if kind == LONG:
            self.left_repeats = 0
            self.left_undid = False
        elif self.left_repeats is not None:
            self.left_repeats += 1
            if self.left_repeats == LEFT_UNDO_REPEATS and not self.left_undid:
                self.left_undid = True
                self.deliver("back", LONG)

    def release_left(self):
        if self.left_repeats is not None and not self.input.held("left"):
            if not self.left_undid:
                self.deliver("back", SHORT)
            self.left_repeats = None

    def poll_buttons(self, now):
        buttons = self.hal.buttons
        levels = buttons.read()
        for name, kind in self.input.update(now, levels, buttons.down_at):
            self.press(name, kind)
        if self.left_repeats is not None:
            self.release_left()

    def beep(self, frequency, duration_ms):
        if self.hal.beeper is not None and self.settings.sound:
            self.hal.beeper.tone(frequency, duration_ms)
