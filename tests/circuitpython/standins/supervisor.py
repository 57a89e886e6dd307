"""Stand-in for ``supervisor``: ``ticks_ms`` from a counter the test moves, and the console."""

from standin_hardware import state


def ticks_ms():
    return state.ticks % (1 << 29)


class Runtime:
    serial_bytes_available = 0


runtime = Runtime()
