"""How many seeded matches a property test plays on this interpreter.

The full count on CPython in `make test`; the small count under MicroPython
(whose interpreter is slower) and in `make quick`, which sets PAWTRACK_QUICK=1
so a rules change gets an answer in under a minute.
"""

import sys


def small_run():
    """True under MicroPython, or when the quick tier asked for small counts."""
    if sys.implementation.name == "micropython":
        return True
    import os

    return os.environ.get("PAWTRACK_QUICK") == "1"


SMALL = small_run()


def count(full, small):
    """`full` normally, `small` under MicroPython or in the quick tier."""
    return small if SMALL else full
