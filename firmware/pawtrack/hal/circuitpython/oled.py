"""The OLED through Adafruit's ``adafruit_ssd1306`` driver, sending only what changed.

``Panel`` is the driver ``pawtrack.hal.oled.OledCanvas`` expects
(``init()``, ``update(buffer)``, ``width``, ``height``, ``address``):

* ``init()`` opens ``busio.I2C`` and makes ``adafruit_ssd1306.SSD1306_I2C``,
  which probes the address, sets the panel up and shows a blank frame. What a
  missing panel looks like (no pull-ups on the bus: RuntimeError; nobody at the
  address: ValueError; a failed write: OSError) becomes OSError, which the
  canvas reports and retries.
* ``update(buffer)`` compares the canvas with the driver's own buffer, which
  always holds what the panel shows (``pawtrack.hal.spans``, on memoryviews:
  slices of the buffers would be copies on the heap), copies each changed
  span over and sends
  it: one 7-byte command message for the column and page window, then the data
  (one message for whole rows, else one per page), through the driver's
  ``I2CDevice``. The data message is
  cut straight out of the driver's buffer: the byte before the span (a pixel
  column of no interest, or the buffer's leading 0x40) is set to the 0x40
  control byte for the write and put back after, so nothing is allocated.
  The first frame after ``init`` goes out whole through the driver's ``show()``.

The app draws on the shared ``pawtrack.hal.oled.OledCanvas``: CircuitPython
has no C ``framebuf``, so it takes the canvas's own plain-Python path, which
changes a byte per column and page.
"""

import adafruit_ssd1306
import busio

from pawtrack.hal.spans import changed_spans
from pawtrack.hal.ssd1306 import DATA_FOLLOWS, SET_COLUMN_RANGE, SET_PAGE_RANGE, rectangles


class Panel:
    def __init__(self, scl, sda, frequency, address=0x3C, width=128, height=64):
        self.scl = scl
        self.sda = sda
        self.frequency = frequency
        self.address = address
        self.width = width
        self.height = height
        self.pages = height // 8
        self.i2c = None
        self.display = None
        self.known = False  # False until a whole frame went through
        self.window = bytearray((0x00, SET_COLUMN_RANGE, 0, 0, SET_PAGE_RANGE, 0, 0))

    def init(self):
        """Open the bus and set the panel up; raises OSError if it does not answer."""
        self.known = False
        try:
            if self.i2c is None:
                self.i2c = busio.I2C(self.scl, self.sda, frequency=self.frequency)
            if self.display is None:
                self.display = adafruit_ssd1306.SSD1306_I2C(
                    self.width, self.height, self.i2c, addr=self.address
                )
            else:
                self.display.init_display()
        except (RuntimeError, ValueError) as error:
            if self.i2c is not None and self.display is None:
                self.i2c.deinit()  # a bus without pull-ups now may have them later
                self.i2c = None
            raise OSError(19, str(error))  # noqa: B904 - MicroPython warns about "from"

    def update(self, buffer):
        """Send what differs from the panel; returns the number of rectangles sent."""
        display = self.display
        shown = display.buffer
        if not self.known:
            shown[1:] = buffer
            display.show()
            self.known = True
            return 1
        width = self.width
        # The driver's buffer is a control byte, then the picture.
        spans = changed_spans(buffer, memoryview(shown)[1:], width, self.pages)
        rects = rectangles(spans, width, self.pages)
        self.known = False  # until every rectangle went through
        device = display.i2c_device
        window = self.window
        for top, bottom, left, right in rects:
            window[2] = left
            window[3] = right
            window[5] = top
            window[6] = bottom
            with device:
                device.write(window)
            if left == 0 and right == width - 1:
                # Whole rows lie end to end in the buffer: one message for all of them.
                self.send_span(shown, buffer, top * width, (bottom + 1) * width)
                continue
            for page in range(top, bottom + 1):
                self.send_span(shown, buffer, page * width + left, page * width + right + 1)
        self.known = True
        return len(rects)

    def send_span(self, shown, buffer, start, end):
        """Copy buffer[start:end] into the driver's buffer and send it as one data message."""
        shown[start + 1 : end + 1] = memoryview(buffer)[start:end]  # no copy on the heap
        before = shown[start]
        shown[start] = DATA_FOLLOWS[0]
        try:
            with self.display.i2c_device as device:
                device.write(shown, start=start, end=end + 1)
        finally:
            shown[start] = before

