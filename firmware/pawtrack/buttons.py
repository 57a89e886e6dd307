"""Raw button levels in, clean button events out.

The HAL samples the pins every few milliseconds and hands ``ButtonInput.update``
the time and a tuple of booleans (True = pressed; the HAL has already undone
the active-low wiring). This module turns that into events:

``(button, SHORT)``
    pressed and released before ``long_ms``; sent on release, so a long press
    never also counts as a short one.
``(button, LONG)``
    held for ``long_ms``; sent once, while still held, so the player feels the
    long press happen.
``(button, REPEAT)``
    sent every ``repeat_ms`` while the button stays held after the long press,
    for screens that scroll or count while a button is held.

A press can begin while the loop is busy (a slow redraw, a job run while the
screen is still): the pins' interrupts then say when it went down, and
``update`` times the press from that moment (``down_at``), so a button held
past ``long_ms`` is a long press however late the loop first saw it.

Debouncing is time based: the first edge is acted on at once and the pin is
then ignored for ``debounce_ms`` (contact bounce lasts a few milliseconds), so
a press answers immediately and a bouncing contact never makes two presses.
Times are ``ticks_ms`` values; differences go through ``ticks_diff`` so the
wrap-around of MicroPython's tick counter does no harm.
"""

from pawtrack import const

SHORT = "short"
LONG = "long"
REPEAT = "repeat"

DEBOUNCE_MS = const(30)
LONG_MS = const(500)
REPEAT_MS = const(150)


NO_EVENTS = ()


def add_event(events, name, kind):
    """``events`` with (name, kind) added: a new list the first time, then that list."""
    if events is NO_EVENTS:
        events = []
    events.append((name, kind))
    return events


def ticks_diff(new, old):
    """new - old for tick counters; the device passes time.ticks_diff instead."""
    return new - old


def went_down(at, now, before, diff):
    """When a press seen at ``now`` began: the hardware's time ``at`` if it has one that
    is not in the future nor before the button's last change ``before``, else now."""
    if at is None or diff(now, at) < 0 or (before is not None and diff(at, before) < 0):
        return now
    return at


class ButtonInput:
    def __init__(
        self,
        names,
        debounce_ms=DEBOUNCE_MS,
        long_ms=LONG_MS,
        repeat_ms=REPEAT_MS,
        diff=ticks_diff,
    ):
        self.names = tuple(names)
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_ms = repeat_ms
        self.diff = diff
        count = len(self.names)
        self.pressed = [False] * count  # the debounced state
        self.changed_at = [None] * count  # when the debounced state last changed
        self.long_sent = [False] * count
        self.next_repeat = [0] * count

    def update(self, now, levels, down_at=None):
        """Feed one sample; returns the (button name, kind) events it caused.

        ``down_at``: None, or per button the time the hardware saw it go down
        since the last sample (None where it did not), which a press seen now
        is timed from.

        Called every few milliseconds while nothing happens, so a sample that
        causes no event allocates nothing (the empty tuple is shared)."""
        events = NO_EVENTS
        diff = self.diff
        for i in range(len(self.names)):
            level = bool(levels[i])
            since = self.changed_at[i]
            settled = since is None or diff(now, since) >= self.debounce_ms
            if level != self.pressed[i] and settled:
                self.pressed[i] = level
                self.changed_at[i] = now
                if level and down_at is not None:
                    self.changed_at[i] = went_down(down_at[i], now, since, diff)
                if level:
                    self.long_sent[i] = False
                elif not self.long_sent[i]:
                    events = add_event(events, self.names[i], SHORT)
            elif self.pressed[i]:
                held = diff(now, self.changed_at[i])
                if not self.long_sent[i]:
                    if held >= self.long_ms:
                        self.long_sent[i] = True
                        self.next_repeat[i] = self.long_ms + self.repeat_ms
                        events = add_event(events, self.names[i], LONG)
                elif held >= self.next_repeat[i]:
                    self.next_repeat[i] += self.repeat_ms
                    events = add_event(events, self.names[i], REPEAT)
        return events

    def held(self, name):
        """Whether a button is down now (debounced), e.g. for hold-to-peek."""
        return self.pressed[self.names.index(name)]

    def any_held(self):
        """Whether any button is down now (debounced): a press is under way."""
        return True in self.pressed
