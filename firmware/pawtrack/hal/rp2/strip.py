"""The WS2812 strip, sent with MicroPython's ``machine.bitstream``, never over budget.

``Strip`` is the ``Hal.leds``: ``count`` and ``write(colors)``. The core's
``Lights`` already scales colours by the brightness cap and the settings and
writes only when they changed (a NeoPixel write holds interrupts off for the
whole strip, about 0.4 ms for 12 LEDs). The strip clamps every channel to the
cap once more, so nothing that writes here (the boot blink code included) can
draw more than the board's LED budget.

The bytes go out as MicroPython's ``neopixel`` module sends them: green, red,
blue for each LED, at the WS2812's 800 kHz timing. That module is not used:
its class and object held about 0.5 KiB of the Pico's heap for what is one
call here.
"""

import machine

from pawtrack.hal.capped import put_capped

# A bit's high and low times in ns, for a 0 and for a 1 (neopixel's 800 kHz timing).
TIMING = (400, 850, 800, 450)


class Strip:
    def __init__(self, pin, count, max_brightness=255):
        self.count = count
        self.limit = max_brightness
        self.pin = machine.Pin(pin, machine.Pin.OUT)
        self.grb = bytearray(3 * count)  # what the LEDs get, in their order
        self.writes = 0

    def __setitem__(self, index, color):
        """LED ``index`` to the colour (r, g, b), for ``put_capped``."""
        at = 3 * index
        grb = self.grb
        grb[at] = color[1]
        grb[at + 1] = color[0]
        grb[at + 2] = color[2]

    def write(self, colors):
        put_capped(self, colors, self.count, self.limit)
        machine.bitstream(self.pin, 0, TIMING, self.grb)
        self.writes += 1

    def off(self):
        self.write(())
