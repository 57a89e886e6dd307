"""MicroPython's raw REPL over the emulated Pico's serial port, driven in emulated time.

What mpremote does to run code on a board, written for the emulator so tests
and benchmarks can ask the real firmware things (``gc.mem_free()``) without a
pseudo-terminal: Ctrl-C to stop the running program, Ctrl-A for the raw
REPL, the code and Ctrl-D, then "OK", the output up to a 0x04, the error text
up to another 0x04, and the ">" prompt. The emulator runs in steps of
``STEP_MS`` of emulated time while waiting, so the answer does not depend on how
fast the host is.
"""

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"
STEP_MS = 10


class ReplError(RuntimeError):
    """The code raised on the device, or the REPL did not answer; the text says which."""


class RawRepl:
    def __init__(self, pico):
        self.pico = pico
        self.active = False

    def wait_for(self, marker, start, timeout_ms):
        """Run until the serial output after offset ``start`` holds marker; returns its end."""
        pico = self.pico
        deadline = pico.emulated_ms() + timeout_ms
        while True:
            found = pico.serial_bytes().find(marker, start)
            if found >= 0:
                return found + len(marker)
            if pico.emulated_ms() >= deadline:
                tail = bytes(pico.serial_bytes()[max(start, len(pico.serial_bytes()) - 200) :])
                raise ReplError(
                    "no %r from the device in %d ms; it said %r" % (marker, timeout_ms, tail)
                )
            pico.run_for(STEP_MS)

    def enter(self, timeout_ms=3000):
        """Stop the running program and enter the raw REPL.

        Asked twice if need be: once in ``make test`` a board just back from a
        reset said nothing for 3 s after the Ctrl-C and Ctrl-A (likely the
        Ctrl-C held while the firmware was still importing, and the Ctrl-A read
        by the starting program rather than the REPL)."""
        pico = self.pico
        for attempt in (1, 2):
            pico.type(b"\r\x03\x03")
            pico.run_for(50)
            mark = len(pico.serial_bytes())
            pico.type(b"\r\x01")
            try:
                self.wait_for(RAW_BANNER, mark, timeout_ms)
                break
            except ReplError:
                if attempt == 2:
                    raise
        self.active = True

    def start(self, code):
        """Send code to run and wait for its "OK"; returns where its output starts."""
        if not self.active:
            self.enter()
        pico = self.pico
        mark = len(pico.serial_bytes())
        pico.type(code.encode() + b"\x04")
        return self.wait_for(b"OK", mark, 5000)

    def finish(self, start, timeout_ms):
        """Wait for the end of a run started at output offset start: (stdout, stderr)."""
        out_end = self.wait_for(b"\x04", start, timeout_ms)
        err_end = self.wait_for(b"\x04", out_end, 5000)
        self.wait_for(b">", err_end, 5000)
        data = bytes(self.pico.serial_bytes())
        return data[start : out_end - 1].decode(errors="replace"), data[
            out_end : err_end - 1
        ].decode(errors="replace")

    def exec(self, code, timeout_ms=60000):
        """Run code; returns what it printed (newlines as the board sends them: \\r\\n).

        Raises ReplError with the device's traceback if it raised."""
        out, err = self.finish(self.start(code), timeout_ms)
        if err:
            raise ReplError(err.strip())
        return out

    def interrupt(self, start, timeout_ms=3000):
        """Ctrl-C a run started at output offset ``start``; returns (stdout, stderr)."""
        self.pico.type(b"\x03")
        return self.finish(start, timeout_ms)

    def leave(self):
        """Back to the friendly REPL (Ctrl-B)."""
        if self.active:
            self.pico.type(b"\x02")
            self.pico.run_for(20)
            self.active = False
