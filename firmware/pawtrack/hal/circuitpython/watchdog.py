"""The hardware watchdog through ``microcontroller.watchdog``: fed by the loop, stopped on Ctrl-C.

In RESET mode the board restarts if the loop stops feeding it for
``TIMEOUT_S`` (the RP2040 allows up to about 8.3 s) and resumes the game from
its journal. A watchdog left running after Ctrl-C would reset the board under
someone at the REPL, so ``stop()`` switches it off: ``mode = None`` on
CircuitPython 9 and 10 (their WatchDogTimer has no ``deinit``, seen on the
emulated CircuitPython 10.2.1), ``deinit()`` on older ones. MicroPython cannot
stop its WDT, which is why the rp2 backend clears the enable bit in the
chip's register instead.
"""

import microcontroller
from watchdog import WatchDogMode

TIMEOUT_S = 8


class Watchdog:
    def __init__(self, timeout_s=TIMEOUT_S):
        self.timeout_s = timeout_s
        self.dog = microcontroller.watchdog
        self.running = False

    def start(self):
        self.dog.timeout = self.timeout_s
        self.dog.mode = WatchDogMode.RESET
        self.dog.feed()
        self.running = True

    def feed(self):
        if self.running:
            self.dog.feed()

    def stop(self):
        self.running = False
        try:
            if hasattr(self.dog, "deinit"):
                self.dog.deinit()
            else:
                self.dog.mode = None
        except (RuntimeError, ValueError, NotImplementedError):
            pass  # a port that cannot stop it: the reset will come, as on MicroPython
