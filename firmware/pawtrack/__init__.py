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


def forget_module(name):
    """Drop a loaded module from ``sys.modules`` and from its package, so that its
    objects can be collected once nothing else uses them (the Pico's heap holds every
    loaded module's functions and classes, even frozen ones). Importing it again
    makes it anew. Returns True if it was loaded."""
    import sys

    module = sys.modules.pop(name, None)
    if module is None:
        return False
    dot = name.rfind(".")
    package = sys.modules.get(name[:dot]) if dot > 0 else None
    if package is not None and getattr(package, name[dot + 1 :], None) is module:
        delattr(package, name[dot + 1 :])
    return True
