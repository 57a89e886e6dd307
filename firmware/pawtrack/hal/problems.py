"""What hardware is missing, said three ways: Hal.problems, a protocol event, a blink code.

One ``ProblemList`` per device. A part that fails calls ``report(what,
reason)``; one that recovers calls ``fix(what)``. Each change is kept in
``lines`` (the list the app shows as a note; it is ``Hal.problems``), sent to
the host as ``{"ev": "problem", "what": "oled", "reason": "..."}`` (or
``"fixed": true``), and chooses the board LED's blink code: 1 blink every few
seconds while all is well (a heartbeat), 2 blinks for a missing OLED. Events
raised before the serial protocol exists (at boot) are kept and sent when it
is attached.
"""

HEARTBEAT = 1
BLINK_CODES = {"oled": 2}


class ProblemList:
    def __init__(self):
        self.lines = []
        self.active = {}  # what -> reason
        self.emit = None
        self.pending = []

    def report(self, what, reason):
        if self.active.get(what) == reason:
            return
        self.active[what] = reason
        self._changed({"ev": "problem", "what": what, "reason": reason})

    def fix(self, what):
        if what not in self.active:
            return
        del self.active[what]
        self._changed({"ev": "problem", "what": what, "fixed": True})

    def _changed(self, event):
        self.lines[:] = [self.active[what] for what in sorted(self.active)]
        if self.emit is None:
            self.pending.append(event)
        else:
            self.emit(event)

    def attach(self, emit):
        """Send events through emit from now on, starting with those kept since boot."""
        self.emit = emit
        pending = self.pending
        self.pending = ()  # none kept from now on (an empty list would hold 32 bytes)
        for event in pending:
            emit(event)

    def blink_code(self):
        """How many blinks the board LED repeats: the worst problem's code, else 1."""
        code = HEARTBEAT
        for what in self.active:
            code = max(code, BLINK_CODES.get(what, HEARTBEAT + 1))
        return code

    def command(self, message):
        """The protocol command {"cmd": "problems"}: what is missing right now."""
        found = [{"what": what, "reason": self.active[what]} for what in sorted(self.active)]
        return {"ev": "problems", "list": found}
