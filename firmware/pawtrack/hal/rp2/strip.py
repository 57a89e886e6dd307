"""The WS2812 strip through MicroPython's built-in ``neopixel`` module, never over budget.

``Strip`` is the ``Hal.leds``: ``count`` and ``write(colors)``. The core's
``Lights`` already scales colours by the brightness cap and the settings and
writes only when they changed (a NeoPixel write holds interrupts off for the
whole strip, about 0.4 ms for 12 LEDs). The strip clamps every channel to the
cap once more, so nothing that writes here (the boot blink code included) can
draw more than the board's LED budget.
"""

import machine
import neopixel

from pawtrack.hal.capped import put_capped


class Strip:
    def __init__(self, pin, count, max_brightness=255):
        self.count = count
        self.limit = max_brightness
        self.pixels = neopixel.NeoPixel(machine.Pin(pin), count)
        self.writes = 0

    def write(self, colors):
        put_capped(self.pixels, colors, self.count, self.limit)
        self.pixels.write()
        self.writes += 1

    def off(self):
        self.write(())
