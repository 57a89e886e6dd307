"""The OLED as seen on the emulated I2C bus: timed SSD1306 writes -> updates and pictures.

Every I2C write the emulated Pico makes to the panel's address arrives with the
time each byte finished on the bus. The project's own SSD1306 model
(host_tools/ssd1306_model.py) turns the bytes into the panel's memory and the
picture a person would see. Writes closer together than ``gap_us`` belong to
one *update* (the firmware's driver sends a few rectangles per redraw, each a
command message and a data message); for each update this keeps when its first
byte went out, when the first byte that changed the panel's memory arrived,
when the last byte arrived, how many bytes it took, and the picture after it.
"""

from host_tools.ssd1306_model import Ssd1306Model


class Update:
    """One burst of writes to the panel (times in emulated microseconds)."""

    __slots__ = ("start_us", "first_change_us", "done_us", "bytes", "picture")

    def __init__(self, start_us):
        self.start_us = start_us
        self.first_change_us = None
        self.done_us = start_us
        self.bytes = 0
        self.picture = None

    @property
    def t_us(self):
        return self.done_us

    def __iter__(self):  # (t_us, picture), as the frames list promises
        return iter((self.done_us, self.picture))

    def __repr__(self):
        return "Update(start=%.0f, first_change=%s, done=%.0f, bytes=%d)" % (
            self.start_us,
            "%.0f" % self.first_change_us if self.first_change_us is not None else None,
            self.done_us,
            self.bytes,
        )


class TimedModel(Ssd1306Model):
    """The SSD1306 model, also noting when a data byte first changed the memory."""

    def __init__(self, height, address):
        Ssd1306Model.__init__(self, height, address)
        self.byte_time = None
        self.changed_at = None

    def write_timed(self, message, times_us):
        """One I2C write to the panel, with the arrival time of each byte."""
        i = 0
        while i < len(message):
            control = message[i]
            i += 1
            if control & 0x3F:
                self.problems.append("control byte 0x%02X has low bits set" % control)
            is_data = bool(control & 0x40)
            last = i + 1 if control & 0x80 else len(message)
            while i < min(last, len(message)):
                self.byte_time = times_us[i]
                self._byte(message[i], is_data)
                i += 1

    def _data(self, byte):
        where = self.page * 128 + self.column
        before = self.ram[where]
        Ssd1306Model._data(self, byte)
        if self.ram[where] != before and self.changed_at is None:
            self.changed_at = self.byte_time


class PanelRecorder:
    def __init__(self, address=0x3C, height=64, gap_us=10000):
        self.address = address
        self.gap_us = gap_us
        self.model = TimedModel(height, address)
        self.updates = []  # finished updates
        self.current = None
        self.writes = 0
        self.nacks = 0

    def power_on(self):
        """The panel loses power with the board: memory noise and registers back to reset."""
        self.finish()
        self.model = TimedModel(self.model.height, self.address)

    def transaction(self, event):
        """An ``i2c`` event of the emulator."""
        if event["addr"] != self.address or event["read"]:
            return
        if not event["ack"]:
            self.nacks += 1
            return
        data = bytes.fromhex(event["data"])
        if not data:
            return
        t0 = event["t0_ns"]
        times = [(t0 + dt) / 1000.0 for dt in event["times"]]
        start = t0 / 1000.0
        if self.current is not None and start - self.current.done_us > self.gap_us:
            self.finish()
        if self.current is None:
            self.current = Update(start)
        self.writes += 1
        self.model.changed_at = None
        self.model.write_timed(data, times)
        update = self.current
        if self.model.changed_at is not None and update.first_change_us is None:
            update.first_change_us = self.model.changed_at
        update.done_us = times[-1]
        update.bytes += len(data) + 1  # the address byte too

    def finish(self):
        if self.current is not None:
            self.current.picture = self.model.picture_bytes()
            self.updates.append(self.current)
            self.current = None

    def settle(self, now_us):
        """Close the update in progress if the bus has been quiet for gap_us by now_us."""
        if self.current is not None and now_us - self.current.done_us > self.gap_us:
            self.finish()
