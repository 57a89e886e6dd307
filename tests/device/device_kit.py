"""What the backend tests and the press driver share: a serial line and a device.

``make_device(board)`` builds ``pawtrack.hal.rp2.device.Device`` on the
stand-in ``machine`` module with a clock that moves only when
told, a serial input the test can type into and an output that keeps every
line sent, with its files in a fresh folder.
"""

import io
import os

import machine

from pawtrack.hal.rp2.device import Device
from pawtrack.hal.virtual_clock import VirtualClock

POLL = 3  # MicroPython's MP_STREAM_POLL ioctl request
POLLIN = 1


class SerialInput(io.IOBase):
    """Bytes the host 'typed'; select.poll sees them through ioctl like a real stream."""

    def __init__(self):
        self.waiting = bytearray()

    def type(self, data):
        self.waiting.extend(data)

    def read(self, n=-1):
        if n < 0:
            n = len(self.waiting)
        out = bytes(self.waiting[:n])
        self.waiting = self.waiting[n:]
        return out

    def ioctl(self, request, arg):
        if request == POLL:
            return POLLIN if (arg & POLLIN and self.waiting) else 0
        return 0


class SerialOutput:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def lines(self):
        return [line for line in self.text.split("\n") if line]


_folders = [0]


def fresh_folder():
    _folders[0] += 1
    path = "/device_test_%d" % _folders[0]
    os.mkdir(path)
    return path


def make_device(board, clock=None, oled=True):
    """(device, clock, serial input, serial output) on a freshly reset stand-in machine;
    with oled=False nothing answers at the OLED's address."""
    machine.reset_all()
    if not oled:
        machine.i2c_devices.discard(board["oled_address"])
    clock = clock or VirtualClock()
    serial_in = SerialInput()
    serial_out = SerialOutput()
    device = Device(
        board, clock=clock, files_root=fresh_folder(), stdin=serial_in, stdout=serial_out
    )
    return device, clock, serial_in, serial_out
