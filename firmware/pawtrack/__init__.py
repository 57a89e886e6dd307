"""pawtrack: the referee core shared by the device and the host.

Everything in this package except ``hal/`` is plain Python that runs unchanged
under CPython and MicroPython. ``hal/`` holds the per-runtime backends.
"""

VERSION = "0.1.0"
