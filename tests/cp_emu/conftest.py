"""The emulated CircuitPython tier: the stock CircuitPython 10.2.1 firmware on rp2040js.

It needs that firmware's UF2 (``PAWTRACK_CIRCUITPY_FIRMWARE``, or
``../shared/circuitpython/`` beside the repository), the RP2040 boot ROM (as
tests/emu), rp2040js in node_modules and CircuitPython's own mpy-cross
(host_tools/circuitpython/mpy_cross.py); without them each test is skipped
with the reason. Every test carries the ``emu`` mark.

``flashed`` is the flash of a board as ``make flash RUNTIME=circuitpython``
leaves it: the blank flash booted once (CircuitPython formats CIRCUITPY and
writes boot_out.txt), the drive mounted on the host through FatFs, the real
flash tool run on it, and the changes written back.
"""

import os

import pytest

from host_tools.circuitpython import flash, mpy_cross
from host_tools.emu import circuitpython, fat_drive

HERE = os.path.dirname(os.path.abspath(__file__))


def _reason():
    reason = circuitpython.missing()
    if reason:
        return reason
    try:
        mpy_cross.locate(allow_build=False)
    except mpy_cross.MpyCrossError as error:
        return str(error)
    return None


REASON = _reason()


def pytest_collection_modifyitems(config, items):
    for item in items:
        if str(item.fspath).startswith(HERE + os.sep):
            item.add_marker(pytest.mark.emu)
            if REASON:
                item.add_marker(pytest.mark.skip(reason="emulated CircuitPython: " + REASON))


def pytest_configure(config):
    config.addinivalue_line("markers", "emu: runs the firmware on the emulated Pico (rp2040js)")


@pytest.fixture(scope="session")
def formatted():
    """The flash of a new board after its first power-on: CIRCUITPY made by CircuitPython."""
    with circuitpython.EmulatedCircuitPython() as pico:
        pico.run_until(4500)
        assert "boot_out.txt" in pico.drive_files(), pico.status()
        return pico.flash_image()


def flash_onto(image, say=None):
    """``make flash RUNTIME=circuitpython`` onto the drive of a flash image: (new image, lines)."""
    said = []
    with fat_drive.mounted(image) as drive:
        flash.flash("pico", drive=drive.folder, say=said.append)
    return drive.flash, said


@pytest.fixture(scope="session")
def flashed(formatted):
    image, _said = flash_onto(formatted)
    return image
