"""Button pins: the level now, plus any press that came and went between two reads.

``Buttons`` is the ``Hal.buttons``. Buttons are active low (to GND, internal
pull-ups). The app polls ``read()`` once per loop pass, about every 5 ms while
idle, but a pass that redraws the screen or writes the journal takes longer,
and a quick tap could fall between two reads. So each pin also has an edge
interrupt (hard IRQ: runs at once, allocates nothing) that timestamps edges
with ``ticks_ms``: a falling edge after the pin was quiet and released for
``QUIET_MS`` latches "pressed"; rising edges only move the release time, so
the bounce of a release never latches a phantom press. ``read()`` reports a
latched press once, then clears it; ``pawtrack.buttons`` does the debouncing
and the short/long decisions.
"""

import machine

ORDER = ("left", "ok", "right", "back")
QUIET_MS = 30


class Buttons:
    def __init__(self, pins_by_name, clock, quiet_ms=QUIET_MS):
        self.names = tuple(name for name in ORDER if name in pins_by_name)
        self.clock = clock
        self.quiet_ms = quiet_ms
        count = len(self.names)
        self.pins = []
        self.latched = bytearray(count)
        self.released_at = [None] * count
        for index, name in enumerate(self.names):
            pin = machine.Pin(pins_by_name[name], machine.Pin.IN, machine.Pin.PULL_UP)
            self.pins.append(pin)
            pin.irq(
                handler=self._edge_handler(index),
                trigger=machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING,
                hard=True,
            )

    def _edge_handler(self, index):
        ticks_ms = self.clock.ticks_ms
        ticks_diff = self.clock.ticks_diff
        released_at = self.released_at
        latched = self.latched
        quiet = self.quiet_ms

        def edge(pin):
            now = ticks_ms()
            if pin.value():  # high: released (pull-up)
                released_at[index] = now
            else:
                since = released_at[index]
                if since is None or ticks_diff(now, since) >= quiet:
                    latched[index] = 1

        return edge

    def read(self):
        """A tuple of booleans in ``names`` order, True = pressed now or since the last read."""
        state = machine.disable_irq()
        taps = bytes(self.latched)
        for i in range(len(taps)):
            self.latched[i] = 0
        machine.enable_irq(state)
        return tuple(taps[i] == 1 or not pin.value() for i, pin in enumerate(self.pins))
