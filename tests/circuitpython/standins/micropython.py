"""Stand-in for CircuitPython's ``micropython`` module: only ``const``."""


def const(value):
    return value
