"""``EmulatedCircuitPython``: the stock CircuitPython firmware on the emulated Pico.

The same chip, panel, strip, buttons, flash timing and power cuts as
``EmulatedPico`` (it is a subclass; main.mjs runs it with ``runtime:
"circuitpython"``), plus what CircuitPython needs from the board: PIO kept in
step with the CPU (its ``neopixel_write`` is a PIO program), I2C lines with
pull-ups and a target that acknowledges the zero-length probes ``busio`` and
``adafruit_bus_device`` make (host_tools/emu/cp_pico.mjs), and a USB host
that opens both of its serial ports (host_tools/emu/cdc_ports.mjs): the REPL
console (``serial``, ``type``) and ``usb_cdc.data``, the port the referee's
protocol uses (``data``, ``type_data``, ``data_port`` for a pseudo-terminal
with ``data_port=True``).

The flash holds CircuitPython's CIRCUITPY drive, FAT at 0x100000
(host_tools/emu/fat_drive.py); start from a ``flash_image`` (a blank one
makes the firmware format its own drive at the first boot) and read it back
with ``drive_files()``.

The firmware comes from ``PAWTRACK_CIRCUITPY_FIRMWARE``, else
``../shared/circuitpython/`` beside the repository; the boot ROM is the
MicroPython emulator's. ``missing()`` says in one sentence why it cannot run.
"""

import os
import re
import shutil

from host_tools.emu import fat_drive, firmware
from host_tools.emu.firmware import EmulatorUnavailable
from host_tools.emu.pico import EmulatedPico

SHARED = os.path.join(os.path.dirname(firmware.ROOT), "shared", "circuitpython")
FIRMWARE_NAME = "circuitpython-10.2.1-raspberry_pi_pico.uf2"
FIRMWARE_VERSION = "CircuitPython 10.2.1"
SAFE_MODE_WINDOW_MS = 1000  # CircuitPython's own "reset again for safe mode" wait at power-on
# CircuitPython mixes status-bar escapes into its console: a title (OSC ... ST) and line clears.
ESCAPES = re.compile(rb"\x1b\][^\x1b\x07]*(?:\x1b\\|\x07)|\x1b\[[0-9;]*[A-Za-z]")


def firmware_path():
    return os.environ.get("PAWTRACK_CIRCUITPY_FIRMWARE") or os.path.join(SHARED, FIRMWARE_NAME)


def missing():
    """None if the emulated CircuitPython Pico can run, else why not (one sentence)."""
    path = firmware_path()
    if not os.path.isfile(path):
        return (
            "the emulated CircuitPython Pico needs the stock CircuitPython 10.2.1 UF2 for the "
            "Raspberry Pi Pico; not found: %s (PAWTRACK_CIRCUITPY_FIRMWARE)" % path
        )
    if not os.path.isfile(firmware.bootrom_path()):
        return "the emulated CircuitPython Pico needs the RP2040 boot ROM; not found: %s" % (
            firmware.bootrom_path() + " (PAWTRACK_PICO_BOOTROM)"
        )
    if shutil.which("node") is None:
        return "the emulated CircuitPython Pico needs Node.js (node) on the PATH"
    if not os.path.isfile(firmware.RP2040JS):
        return "the emulated CircuitPython Pico needs rp2040js in node_modules: run make setup"
    return None


def clean(data):
    """Console bytes without CircuitPython's terminal escapes, as text."""
    return ESCAPES.sub(b"", bytes(data)).decode(errors="replace")


class EmulatedCircuitPython(EmulatedPico):
    def __init__(self, board="pico", flash_image=None, data_port=False, **options):
        if options.get("files") is not None or options.get("fs_image") is not None:
            raise ValueError("CIRCUITPY is FAT: give a flash_image (host_tools.emu.fat_drive)")
        EmulatedPico.__init__(self, board=board, flash_image=flash_image, **options)
        self.want_data_port = data_port
        self.data_port = None

    def locate_firmware(self):
        reason = missing()
        if reason:
            raise EmulatorUnavailable(reason)
        return firmware_path(), firmware.bootrom_path()

    def _reset_records(self):
        EmulatedPico._reset_records(self)
        self.data = bytearray()  # what the device wrote on usb_cdc.data
        self.data_chunks = []
        self.usb_ready = []  # emulated us at which the host had the ports open
        self.probes = []  # bit-level I2C address probes: {address, read, ack, t_ns}

    def node_config(self):
        config = EmulatedPico.node_config(self)
        config["runtime"] = "circuitpython"
        config["fs_image"] = None
        config["i2c_pins"] = {"sda": self.board["i2c_sda"], "scl": self.board["i2c_scl"]}
        return config

    def extra_pass_fds(self, config):
        if not self.want_data_port:
            return ()
        main, self.data_port = self.open_pty()
        config["data_pty_fd"] = main
        return (main,)

    def _on_serial(self, event):
        if event.get("port") == 1:
            self.data_chunks.append((event["t_ns"] / 1000.0, len(self.data)))
            self.data.extend(bytes.fromhex(event["data"]))
        else:
            EmulatedPico._on_serial(self, event)

    def _on_usb(self, event):
        self.usb_ready.append(event["t_ns"] / 1000.0)

    def _on_i2c_probe(self, event):
        self.probes.append(event)

    def type_data(self, data):
        """Bytes to the device's data port (usb_cdc.data)."""
        if isinstance(data, str):
            data = data.encode()
        self._send({"cmd": "serial", "data": bytes(data).hex(), "port": 1})

    def console_text(self):
        """The console (REPL) output without terminal escapes."""
        return clean(self.serial)

    def drive_files(self):
        """{path: bytes} on CIRCUITPY now."""
        return fat_drive.read_files(self.flash_image())

    def files(self):
        return self.drive_files()

    def filesystem_image(self):
        return self.flash_image()[fat_drive.FS_OFFSET :]
