"""The serial protocol's transport on the device: USB CDC, which is stdin/stdout.

``poll_input()`` returns the bytes waiting on stdin without ever blocking
(``select.poll`` with a zero timeout, at most ``MAX_READ`` bytes a pass) and
``send_line(text)`` writes one line to stdout. Ctrl-C keeps working: the
USB driver turns 0x03 into KeyboardInterrupt before it reaches stdin, and the
protocol's JSON lines never contain it, so ``micropython.kbd_intr`` is left
alone and mpremote can always take over.
"""

import select
import sys

MAX_READ = 256


class UsbSerial:
    def __init__(self, stdin=None, stdout=None):
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.reader = getattr(self.stdin, "buffer", self.stdin)
        self.poller = select.poll()
        self.poller.register(self.stdin, select.POLLIN)

    def poll_input(self):
        data = b""
        while len(data) < MAX_READ and self.poller.poll(0):
            byte = self.reader.read(1)
            if not byte:
                break
            data += byte
        return data

    def send_line(self, text):
        self.stdout.write(text)
        self.stdout.write("\n")
