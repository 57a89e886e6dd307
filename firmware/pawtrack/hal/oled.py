"""The canvas the app draws on, shown on an SSD1306; survives a missing or failing panel.

``OledCanvas`` is the ``Hal.display``: a ``pawtrack.gfx.canvas.Canvas`` whose
``show()`` hands the buffer to the driver. When the panel does not answer (not
connected at boot, a loose wire later) the canvas keeps drawing into its
buffer, ``show()`` sends nothing, and ``problems`` (the device's
``ProblemList``) hears about it once. ``retry(now)`` from the main loop tries
the panel again every few seconds; when it answers, the problem is marked
fixed and the next ``show()`` sends the whole current picture.
"""

from pawtrack.gfx.canvas import Canvas

RETRY_MS = 5000
PROBLEM = "oled"


class OledCanvas(Canvas):
    def __init__(self, driver, clock, problems, where=""):
        Canvas.__init__(self, driver.width, driver.height)
        self.driver = driver
        self.clock = clock
        self.problems = problems
        self.where = where  # "on I2C0 (SDA GP4, SCL GP5)", for the messages
        self.working = False
        self.last_try = None

    def describe(self):
        return "no OLED at 0x%02X %s" % (self.driver.address, self.where)

    def start(self):
        """Set the panel up; False (and a problem reported) if it does not answer.

        The next ``show()`` sends the whole picture and switches the display on."""
        self.last_try = self.clock.ticks_ms()
        try:
            self.driver.init()
        except OSError:
            self.working = False
            self.problems.report(PROBLEM, self.describe())
            return False
        if not self.working:
            self.working = True
            self.problems.fix(PROBLEM)
        return True

    def retry(self, now):
        """From the main loop: try a missing panel again every RETRY_MS; True if it came back."""
        if self.working or self.clock.ticks_diff(now, self.last_try) < RETRY_MS:
            return False
        return self.start()

    def show(self):
        self.send(self.driver.update, self.buffer)

    def show_area(self, x, y, w, h):
        if hasattr(self.driver, "update_area"):
            self.send(self.driver.update_area, self.buffer, x, y, w, h)
        else:  # a driver that only sends what changed: the same bytes, found by looking
            self.show()

    def send(self, update, *args):
        if not self.working:
            return
        try:
            update(*args)
        except OSError:
            self.working = False
            self.last_try = self.clock.ticks_ms()
            self.problems.report(PROBLEM, "the OLED stopped answering " + self.where)
