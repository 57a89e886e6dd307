"""A clock whose time moves only when told: for the simulator, the tests and the benches.

It has the three methods the HAL's ``clock`` needs (``ticks_ms``,
``ticks_diff``, ``sleep_ms``); ``sleep_ms`` returns at once after moving the
time on, and a test may also set ``now`` directly. Runs on CPython and
MicroPython alike, so the core tests, the rp2 backend's tests under
MicroPython and the simulator all share this one.
"""


class VirtualClock:
    def __init__(self, start_ms=0):
        self.now = start_ms

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, new, old):
        return new - old

    def sleep_ms(self, ms):
        self.now += ms
