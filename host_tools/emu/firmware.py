"""Where the emulated Pico's two binary files are, and why it cannot run when they are not.

The emulator needs the stock MicroPython rp2 firmware (a UF2 file, the same a
user drags onto a Pico) and the RP2040 boot ROM. They are looked for in the
environment variables ``PAWTRACK_PICO_FIRMWARE`` and ``PAWTRACK_PICO_BOOTROM``,
else in ``../shared/pico/`` next to the repository. The emulator itself is
rp2040js from ``node_modules`` (``make setup``). ``missing()`` says in one
sentence what is not there and where to get it (tests skip with it; ``make
emu`` says it before anything else), ``locate()`` returns the paths or raises
``EmulatorUnavailable`` with that sentence.
"""

import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED_PICO = os.path.join(os.path.dirname(ROOT), "shared", "pico")
FIRMWARE_NAME = "micropython-1.28.0-rpi-pico.uf2"
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
FIRMWARE_VERSION = "MicroPython 1.28.0 (rp2, RPI_PICO)"
RP2040JS = os.path.join(ROOT, "node_modules", "rp2040js", "package.json")


# Where a user gets each file (the README says the same).
WHERE = {
    "PAWTRACK_PICO_FIRMWARE": "MicroPython 1.28.0 for the Raspberry Pi Pico (RPI_PICO), the UF2"
    " from micropython.org/download/RPI_PICO",
    "PAWTRACK_PICO_BOOTROM": "the RP2040 B1 boot ROM (16 KiB .bin), from the releases of"
    " github.com/raspberrypi/pico-bootrom-rp2040",
}


class EmulatorUnavailable(RuntimeError):
    """The emulated Pico cannot start here; the message says why."""


def firmware_path():
    return os.environ.get("PAWTRACK_PICO_FIRMWARE") or os.path.join(SHARED_PICO, FIRMWARE_NAME)


def bootrom_path():
    return os.environ.get("PAWTRACK_PICO_BOOTROM") or os.path.join(SHARED_PICO, BOOTROM_NAME)


def missing():
    """None if the emulated Pico can run, else why not (one sentence)."""
    absent = [
        "%s, not at %s (download it and set %s to its path)" % (WHERE[variable], path, variable)
        for path, variable in (
            (firmware_path(), "PAWTRACK_PICO_FIRMWARE"),
            (bootrom_path(), "PAWTRACK_PICO_BOOTROM"),
        )
        if not os.path.isfile(path)
    ]
    if absent:
        return "the emulated Pico needs %s" % "; and ".join(absent)
    if shutil.which("node") is None:
        return "the emulated Pico needs Node.js (node) on the PATH"
    if not os.path.isfile(RP2040JS):
        return "the emulated Pico needs rp2040js in node_modules: run make setup"
    return None


def locate():
    """(firmware UF2 path, boot ROM path); raises EmulatorUnavailable with the reason."""
    reason = missing()
    if reason:
        raise EmulatorUnavailable(reason)
    return firmware_path(), bootrom_path()
