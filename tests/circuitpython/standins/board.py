"""Stand-in for CircuitPython's ``board``: any pin name the board files use is a pin."""

from standin_hardware import pin


def __getattr__(name):
    if name[:1].isupper():
        return pin(name)
    raise AttributeError(name)
