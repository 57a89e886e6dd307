"""pytest: the CircuitPython tests run on CPython with the real Adafruit libraries.

For each test module here, this puts two folders at the front of ``sys.path``:
``standins/`` (CircuitPython's hardware modules, recording what the hardware
would receive) and the pinned Adafruit libraries, installed without
Adafruit-Blinka by ``host_tools.circuitpython.libs``. Afterwards both come off
the path and every module imported meanwhile is forgotten, so no ``board`` or
``neopixel`` is left behind for the rest of the suite.
"""

import os
import sys

import pytest

from host_tools.circuitpython import libs

STANDINS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "standins")


@pytest.fixture(scope="module", autouse=True)
def circuitpython_modules():
    folders = [STANDINS, libs.ensure()]
    before = set(sys.modules)
    sys.path[:0] = folders
    try:
        yield folders
    finally:
        for folder in folders:
            sys.path.remove(folder)
        for name in set(sys.modules) - before:
            del sys.modules[name]
