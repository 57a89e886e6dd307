"""Stand-in for ``supervisor``: ``ticks_ms`` from a counter the test moves, and the console."""

from standin_hardware import state


def ticks_ms():
    return state.ticks % (1 << 29)


class Runtime:
    serial_bytes_available = 0


runtime = Runtime()


def reload():
    """CircuitPython runs code.py again on a fresh heap; here the test is told."""
    raise SystemExit("supervisor.reload")
