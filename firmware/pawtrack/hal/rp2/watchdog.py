"""The hardware watchdog: fed by the main loop, stopped when someone takes over the REPL.

``machine.WDT`` resets the board if the loop stops feeding it for
``TIMEOUT_MS`` (the RP2040 allows up to about 8.3 s). MicroPython cannot stop
it again, but mpremote interrupts the firmware with Ctrl-C to reach the raw
REPL, and a watchdog still running would reset the board in the middle of
``make flash``. So on KeyboardInterrupt the firmware clears the ENABLE bit
(bit 30) of the watchdog's CTRL register through the chip's atomic
bit-clear alias (register address + 0x3000), as the Pico SDK does.
"""

import machine

TIMEOUT_MS = 8000
CTRL_ADDRESS = {"rp2040": 0x40058000, "rp2350": 0x400D8000}
CLEAR_ALIAS = 0x3000
ENABLE_BIT = 1 << 30


class Watchdog:
    def __init__(self, chip, timeout_ms=TIMEOUT_MS):
        self.ctrl = CTRL_ADDRESS[chip]
        self.timeout_ms = timeout_ms
        self.wdt = None

    def start(self):
        self.wdt = machine.WDT(timeout=self.timeout_ms)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop(self):
        machine.mem32[self.ctrl + CLEAR_ALIAS] = ENABLE_BIT
        self.wdt = None
