"""Stand-in for ``usb_cdc``: what boot.py enabled, and a data port the test types into."""

from standin_hardware import state


class Serial:
    def __init__(self):
        self.waiting = bytearray()
        self.sent = bytearray()
        self.connected = True

    def type(self, data):
        self.waiting.extend(data)

    @property
    def in_waiting(self):
        return len(self.waiting)

    def read(self, size=1):
        out = bytes(self.waiting[:size])
        del self.waiting[:size]
        return out

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()  # the real port takes a str's UTF-8 bytes (its buffer)
        self.sent.extend(data)
        return len(data)

    def lines(self):
        return [line for line in self.sent.decode().split("\n") if line]


console = Serial()
data = None


def enable(*, console=True, data=False):
    state.cdc_enabled = {"console": console, "data": data}
