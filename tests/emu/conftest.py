"""The emulated-Pico tier: every test here runs the stock MicroPython firmware on rp2040js.

They need the firmware UF2 and the RP2040 boot ROM (``PAWTRACK_PICO_FIRMWARE``,
``PAWTRACK_PICO_BOOTROM``, or ``../shared/pico/`` beside the repository) and
rp2040js in node_modules; without them each test is skipped with the reason.
Each test carries the ``emu`` mark, so ``-m emu`` / ``-m "not emu"`` select them.
"""

import os

import pytest

from host_tools.emu import missing

# The emulated Pico runs several times slower than a Pico (about 20-28 million
# instructions a second against 125), so make flash's wait for the raw REPL, two
# seconds for a real board, is longer for it (host_tools.flash.handshake_seconds).
os.environ.setdefault("PAWTRACK_HANDSHAKE_S", "10")

HERE = os.path.dirname(os.path.abspath(__file__))
REASON = missing()


def pytest_collection_modifyitems(config, items):
    for item in items:
        if str(item.fspath).startswith(HERE + os.sep):
            item.add_marker(pytest.mark.emu)
            if REASON:
                item.add_marker(pytest.mark.skip(reason="emulated Pico: " + REASON))


def pytest_configure(config):
    config.addinivalue_line("markers", "emu: runs the firmware on the emulated Pico (rp2040js)")
