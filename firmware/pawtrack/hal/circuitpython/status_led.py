"""The board's own LED blinks the problem code (see pawtrack.hal.rp2.problems).

The same pattern as the MicroPython backend: ``code`` flashes of ``ON_MS``,
``STEP_MS`` apart, every ``CYCLE_MS``. The pin is a ``digitalio`` output.
"""

import digitalio

CYCLE_MS = 3000
STEP_MS = 400
ON_MS = 150


def lit_at(phase, code):
    """Whether the LED is on ``phase`` ms into a cycle of ``code`` blinks."""
    return phase < code * STEP_MS and phase % STEP_MS < ON_MS


class StatusLed:
    def __init__(self, pin, clock):
        self.pin = digitalio.DigitalInOut(pin)
        self.pin.direction = digitalio.Direction.OUTPUT
        self.clock = clock
        self.start = clock.ticks_ms()
        self.lit = None

    def tick(self, now, code):
        lit = lit_at(self.clock.ticks_diff(now, self.start) % CYCLE_MS, code)
        if lit != self.lit:
            self.pin.value = lit
            self.lit = lit

    def off(self):
        self.pin.value = False
        self.lit = False
