"""Buttons through CircuitPython's ``keypad.Keys``: scanned and queued in C.

``Buttons`` is the ``Hal.buttons``. Buttons are active low (to GND, internal
pull-ups). ``keypad.Keys`` scans the pins every ``INTERVAL_S`` in the
background and queues each change it sees, so a tap that comes and goes during
a slow redraw still arrives. ``read()`` empties the queue into a preallocated
``keypad.Event`` (nothing allocated per read) and reports a button pressed if
it is down now or went down since the last read, once, with the time keypad
saw it go down in ``down_at`` (``supervisor.ticks_ms``, the clock's). ``pawtrack.buttons``
does the short/long decisions, as on MicroPython. If the queue ever
overflowed, ``reset()`` makes keypad report the buttons held right now again.
"""

import keypad

ORDER = ("left", "ok", "right", "back")
INTERVAL_S = 0.01
MAX_EVENTS = 32


class Buttons:
    def __init__(self, pins_by_name, pin_for):
        self.names = tuple(name for name in ORDER if name in pins_by_name)
        count = len(self.names)
        self.keys = keypad.Keys(
            tuple(pin_for(pins_by_name[name]) for name in self.names),
            value_when_pressed=False,
            pull=True,
            interval=INTERVAL_S,
            max_events=MAX_EVENTS,
        )
        self.event = keypad.Event()
        self.down = bytearray(count)
        self.tapped = bytearray(count)
        self.down_at = [None] * count

    def read(self):
        """A tuple of booleans in ``names`` order, True = pressed now or since the last read;
        ``down_at`` then holds when each press since the last read began (else None)."""
        events = self.keys.events
        event = self.event
        while events.get_into(event):
            index = event.key_number
            if event.pressed:
                self.down[index] = 1
                self.tapped[index] = 1
                self.down_at[index] = event.timestamp
            else:
                self.down[index] = 0
        if events.overflowed:
            events.clear()  # also clears the overflowed flag
            for i in range(len(self.down)):
                self.down[i] = 0
            self.keys.reset()  # held buttons are reported again as pressed
        pressed = tuple(self.down[i] == 1 or self.tapped[i] == 1 for i in range(len(self.down)))
        for i in range(len(self.tapped)):
            if not self.tapped[i]:
                self.down_at[i] = None
            self.tapped[i] = 0
        return pressed
