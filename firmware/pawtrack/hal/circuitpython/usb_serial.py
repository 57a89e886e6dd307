"""The serial protocol's transport on CircuitPython: the second USB serial port.

boot.py switches on ``usb_cdc.data`` next to the console, so the protocol's
JSON lines have a port of their own and the REPL console stays free (Ctrl-C
there still stops the referee). ``poll_input()`` returns what waits, at most
``MAX_READ`` bytes a pass, without blocking; ``send_line(text)`` writes one
line only while a program on the computer has the port open (``connected``),
so a referee nobody listens to never waits on USB.

Without the data port (boot.py was not run yet: a fresh copy needs one reset)
the protocol falls back to the console, and ``problem`` says why.
"""

import sys

import supervisor
import usb_cdc

MAX_READ = 256
NO_DATA_PORT = "the serial protocol is on the console: reset the board once so boot.py runs"


class UsbSerial:
    def __init__(self, port=None):
        self.port = port if port is not None else usb_cdc.data
        self.problem = None if self.port is not None else NO_DATA_PORT

    def poll_input(self):
        port = self.port
        if port is None:
            waiting = supervisor.runtime.serial_bytes_available
            if not waiting:
                return b""
            return sys.stdin.read(min(waiting, MAX_READ)).encode()
        waiting = port.in_waiting
        if not waiting:
            return b""
        return port.read(min(waiting, MAX_READ)) or b""

    def send_line(self, text):
        port = self.port
        if port is None:
            print(text)
            return
        if port.connected:
            # The text as it is (a str is a buffer to CircuitPython's streams), then the
            # newline: no encoded copy and no joined copy of a long answer in the heap.
            port.write(text)
            port.write(b"\n")
