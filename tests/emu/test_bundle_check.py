"""The firmware bundle's checksum on the real firmware: a damaged module stops the boot with the
sentence that says what to do, before any of it runs, and the Thumb code is zlib's Adler-32.

``firmware/bundlefs.py`` checks every module it hands to MicroPython's loader
with Adler-32 computed by inline Thumb code, which only the device runs (the
host's tests of the bundle use zlib). So the sums are compared with zlib's
here, on the stock MicroPython rp2 firmware, for the lengths the bundle uses
and for the worst case of the sums' 32-bit registers (5,552 bytes of 0xFF
continuing from the largest sums). The damaged module is one read in the
loader's pieces: MicroPython's loader stops asking once it has the module's
last byte, so that is when the check must raise (the small modules, read
whole and checked at ``open``, are covered on CPython in tests/host).
"""

import os
import tempfile
import zlib

import pytest
from bundlefs import ADLER_RUN, BUNDLE_PATH, BundleFS

from host_tools.boards import load_board
from host_tools.emu import EmulatedPico
from host_tools.emu.fs_image import firmware_files
from host_tools.firmware_bundle import bundle_modules

BIGGEST_START = (65520 << 16) | 65520  # both sums at their largest
CASES = (
    # (pattern, length, the value continued from)
    ("ramp", 0, 1),
    ("ramp", 1, 1),
    ("ramp", 2, 1),
    ("ramp", 255, 1),
    ("ramp", 4096, 1),
    ("ramp", ADLER_RUN, 1),
    ("ramp", 255, 0x12345678 % (65521 << 16)),
    ("ones", ADLER_RUN, 1),
    ("ones", ADLER_RUN, BIGGEST_START),
    ("ones", 1, BIGGEST_START),
)
MAKE_DATA = {
    "ramp": "bytes((i * 7 + 3) & 255 for i in range(%d))",
    "ones": "b'\\xff' * %d",
}


def host_data(pattern, length):
    if pattern == "ramp":
        return bytes((i * 7 + 3) & 255 for i in range(length))
    return b"\xff" * length


# main.py's first. Since each boot loads only the menu or one game, no module the menu's boot
# imports is bigger than WHOLE_READ: this one is read whole, and the check of a big module
# read in the loader's pieces is tested on the host (tests/host/test_flash.py).
DAMAGED_MODULE = "pawtrack/ui/app.mpy"


def damaged(files, module):
    """``files`` with one byte of ``module`` flipped inside the bundle."""
    bundle = dict(files)[BUNDLE_PATH]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bundle")
        with open(path, "wb") as f:
            f.write(bundle)
        reader = BundleFS(path)
        offset, size, _ = reader.entry(module)
        start = reader.data_start
        reader.umount()
    changed = bytearray(bundle)
    changed[start + offset + size // 2] ^= 0x10
    return [(name, bytes(changed) if name == BUNDLE_PATH else data) for name, data in files]


@pytest.fixture(scope="module")
def damaged_board():
    """A board whose bundle has one flipped bit in the first module main.py imports; it has
    stopped at the REPL (one boot serves both tests: each costs the tier seconds)."""
    files = firmware_files("pico")
    assert DAMAGED_MODULE in dict(bundle_modules(dict(files)[BUNDLE_PATH]))
    with EmulatedPico(board=load_board("pico"), files=damaged(files, DAMAGED_MODULE)) as pico:
        pico.run_for(1500)
        yield pico


def test_a_damaged_module_stops_the_boot_saying_to_flash_again(damaged_board):
    said = damaged_board.serial_text()
    assert "/%s in the firmware bundle is damaged: run make flash again" % DAMAGED_MODULE in said
    assert "NotImplementedError" not in said  # none of its bytecode ran


def test_the_thumb_checksum_is_zlibs_adler32(damaged_board):
    lines = ["import bundlefs", "out = []"]
    for pattern, length, start in CASES:
        lines.append(
            "out.append(bundlefs.adler32(%s, %d, %d))"
            % (MAKE_DATA[pattern] % length, length, start)
        )
    lines.append("print('SUMS', out)")
    output = damaged_board.exec("\n".join(lines))
    sums = eval(output.split("SUMS", 1)[1].strip())  # a list of ints printed by the board
    expected = [zlib.adler32(host_data(pattern, length), start) for pattern, length, start in CASES]
    assert sums == expected
