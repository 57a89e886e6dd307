"""The board's own LED blinks a code: 1 blink = running, 2 = no OLED (see problems.py).

The code repeats every ``CYCLE_MS``: ``code`` flashes of ``ON_MS``, ``STEP_MS``
apart, then darkness. ``tick(now, code)`` from the main loop sets the pin only
when it must change. On the Pico W the LED is ``Pin("LED")`` on the radio chip.
"""

import machine

CYCLE_MS = 3000
STEP_MS = 400
ON_MS = 150


def lit_at(phase, code):
    """Whether the LED is on ``phase`` ms into a cycle of ``code`` blinks."""
    return phase < code * STEP_MS and phase % STEP_MS < ON_MS


class StatusLed:
    def __init__(self, pin, clock):
        self.pin = machine.Pin(pin, machine.Pin.OUT)
        self.clock = clock
        self.start = clock.ticks_ms()
        self.lit = None

    def tick(self, now, code):
        lit = lit_at(self.clock.ticks_diff(now, self.start) % CYCLE_MS, code)
        if lit != self.lit:
            self.pin.value(1 if lit else 0)
            self.lit = lit

    def off(self):
        self.pin.value(0)
        self.lit = False
