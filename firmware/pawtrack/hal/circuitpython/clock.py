"""Time on CircuitPython: ``supervisor.ticks_ms`` behind the core's clock interface.

``supervisor.ticks_ms()`` counts milliseconds in 29 bits and wraps, like
MicroPython's ``time.ticks_ms``; ``ticks_diff`` gives the signed difference
across a wrap. ``time.monotonic()`` would be a float, which loses
milliseconds after a few hours on a board with 30-bit floats.
"""

import time

import supervisor

TICKS_PERIOD = 1 << 29
TICKS_HALF = TICKS_PERIOD // 2


class Clock:
    def ticks_ms(self):
        return supervisor.ticks_ms()

    def ticks_diff(self, new, old):
        return ((new - old + TICKS_HALF) % TICKS_PERIOD) - TICKS_HALF

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)
