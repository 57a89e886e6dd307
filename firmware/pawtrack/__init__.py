"""pawtrack: the referee core shared by the device and the host.

Everything in this package except ``hal/`` is plain Python that runs unchanged
under CPython and MicroPython. ``hal/`` holds the per-runtime backends.
"""

VERSION = "0.1.0"

try:  # integer constants: folded into the bytecode by MicroPython's compiler
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value
