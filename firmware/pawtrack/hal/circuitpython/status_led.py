"""The board's own LED blinks the problem code (see pawtrack.hal.problems).

The pattern and its timing are pawtrack.hal.blink's, as on MicroPython; here
only the pin, a ``digitalio`` output.
"""

import digitalio

from pawtrack.hal.blink import StatusBlink


class StatusLed(StatusBlink):
    def __init__(self, pin, clock):
        self.pin = digitalio.DigitalInOut(pin)
        self.pin.direction = digitalio.Direction.OUTPUT
        StatusBlink.__init__(self, clock)

    def show(self, lit):
        self.pin.value = lit
