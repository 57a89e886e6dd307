"""A microsecond counter on every runtime the firmware runs on, for what wants a varying number.

MicroPython has ``time.ticks_us``; CircuitPython's ``time`` has neither it nor
``perf_counter_ns``, but it has ``monotonic_ns`` (as CPython does). The value
wraps or grows differently on each runtime: use it to make numbers differ
(the journal's log nonce), never to measure across runtimes.
"""

try:
    from time import ticks_us
except ImportError:  # CircuitPython, CPython
    from time import monotonic_ns

    def ticks_us():
        return monotonic_ns() // 1000
