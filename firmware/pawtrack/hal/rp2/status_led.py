"""The board's own LED blinks a code: 1 blink = running, 2 = no OLED (see problems.py).

The pattern and its timing are pawtrack.hal.blink's; here only the pin, a
``machine.Pin`` output. On the Pico W the LED is ``Pin("LED")`` on the radio chip.
"""

import machine

from pawtrack.hal.blink import StatusBlink


class StatusLed(StatusBlink):
    def __init__(self, pin, clock):
        self.pin = machine.Pin(pin, machine.Pin.OUT)
        StatusBlink.__init__(self, clock)

    def show(self, lit):
        self.pin.value(1 if lit else 0)
