"""The OLED on CircuitPython: the project's own SSD1306 driver on ``busio.I2C``.

``Panel`` is ``pawtrack.hal.ssd1306.Ssd1306``, the driver the MicroPython
backend uses (the panel set up for 64 or 32 rows, then only the changed
rectangles sent), on a ``busio.I2C`` instead of a ``machine.I2C``. The two
buses write the same way (``writeto(address, buffer)``); ``busio`` only asks
that the bus be locked first, and the referee is the bus's one user, so the
panel takes the lock when it opens the bus and keeps it.

The bus is opened when the panel is first tried. ``busio.I2C`` refuses to
open a bus without pull-ups (RuntimeError), which is what a missing OLED
module looks like; that becomes OSError, which ``pawtrack.hal.oled.OledCanvas``
reports and retries every few seconds.

Adafruit's ``adafruit_ssd1306`` is not used on the device: it brings
``adafruit_framebuf`` with it, about 12.5 KiB of heap for code this driver
already has, and that heap is what a game's boot on CircuitPython runs short
of (docs/hardware.md, section 2b).
"""

import busio

from pawtrack.hal.ssd1306 import Ssd1306


class Panel(Ssd1306):
    def __init__(self, scl, sda, frequency, address=0x3C, width=128, height=64):
        Ssd1306.__init__(self, None, address, width, height)
        self.scl = scl
        self.sda = sda
        self.frequency = frequency

    def init(self):
        """Open the bus if need be and set the panel up; raises OSError if it does not answer."""
        if self.i2c is None:
            try:
                bus = busio.I2C(self.scl, self.sda, frequency=self.frequency)
            except (RuntimeError, ValueError) as error:
                raise OSError(19, str(error))  # noqa: B904 - MicroPython warns about "from"
            while not bus.try_lock():
                pass
            self.i2c = bus
        Ssd1306.init(self)
