"""The WS2812 strip through Adafruit's ``neopixel`` library, never over budget.

``Strip`` is the ``Hal.leds``: ``count`` and ``write(colors)``. The core's
``Lights`` already scales colours by the brightness cap and writes only when
they changed; the strip clamps every channel to the cap once more, so nothing
that writes here (the boot blink code included) can draw more than the board's
LED budget. The library's own ``brightness`` stays 1.0: it would scale the
already scaled colours a second time. ``auto_write`` is off: one
``neopixel_write`` per ``write``, not one per LED.
"""

import neopixel

from pawtrack.hal.capped import put_capped


class Strip:
    def __init__(self, pin, count, max_brightness=255):
        self.count = count
        self.limit = max_brightness
        self.pixels = neopixel.NeoPixel(
            pin, count, brightness=1.0, auto_write=False, pixel_order=neopixel.GRB
        )
        self.writes = 0

    def write(self, colors):
        put_capped(self.pixels, colors, self.count, self.limit)
        self.pixels.show()
        self.writes += 1

    def off(self):
        self.write(())
