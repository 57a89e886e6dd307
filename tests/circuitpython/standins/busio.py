"""Stand-in for ``busio.I2C``: records every write with its address (what the wires carry).

Like CircuitPython on the RP2040, opening a bus with nothing on it (no pull-up
resistors: no OLED module) raises RuntimeError; writing to an address nobody
answers raises OSError.
"""

from standin_hardware import state


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        if not state.i2c_devices:
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
        state.claim(scl)
        state.claim(sda)
        self.pins = (scl, sda)
        self.frequency = frequency
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def _check(self, address):
        if not self.locked:
            raise RuntimeError("Function requires lock")
        if address not in state.i2c_devices:
            raise OSError(19, "No such device")

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check(address)
        end = len(buffer) if end is None else end
        state.i2c_log.append((address, bytes(buffer[start:end])))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check(address)
        end = len(buffer) if end is None else end
        for i in range(start, end):
            buffer[i] = 0

    def deinit(self):
        for pin in self.pins:
            state.release(pin)

