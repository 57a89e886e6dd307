"""The Pico's flash at any instant of a recorded session, rebuilt on the host.

An ``EmulatedPico(record_flash_data=True)`` reports every erase and program
with its offset, length and (for a program) its bytes. From the flash as it
was before the first of those operations, ``FlashLog`` rebuilds the flash as
a power cut would leave it: right after operation N, or part of the way
through it (a torn erase or program), with the same NOR rules as the emulator
(host_tools/emu/nor_flash.mjs): an erase sets bytes to 0xFF, a program only
clears bits, and a cut operation has done its first ``floor(fraction *
length)`` bytes. So hundreds of power cuts can be checked from one session
without replaying it; a test compares one rebuilt image with a real cut on
the emulator byte for byte.
"""

import math


def done_bytes(op, fraction):
    """How many bytes of ``op`` a cut at ``fraction`` of its duration leaves done (as the
    emulator counts them)."""
    return math.floor(fraction * op["bytes"])


def apply(image, op, base=0, fraction=1.0):
    """Do flash operation ``op`` (a ``flash_ops`` entry) on ``image`` (a bytearray holding
    the flash from offset ``base``), all of it or the first ``fraction`` of it."""
    count = op["bytes"] if fraction >= 1 else done_bytes(op, fraction)
    start = op["offset"] - base
    if start < 0 or start + op["bytes"] > len(image):
        raise ValueError(
            "flash operation %d at 0x%X is outside the image" % (op["index"], op["offset"])
        )
    if op["op"] == "erase":
        image[start : start + count] = b"\xff" * count
        return
    data = op.get("data")
    if data is None:
        raise ValueError("flash operation %d was recorded without its data" % op["index"])
    for i in range(count):
        image[start + i] &= data[i]


class FlashLog:
    """The flash from ``base`` (``len(start)`` bytes, as it was before ``ops[0]``) after a
    prefix of the recorded ``ops``.

    ``after(n)``: the image once the first n operations are done (n = 0: ``start``);
    ``during(n, fraction)``: the first n - 1 done and operation n (1-based, counted in
    this log) cut part of the way through. Asking in increasing n reuses the work."""

    def __init__(self, start, ops, base=0):
        self.base = base
        self.ops = list(ops)
        self._done = 0
        self._image = bytearray(start)
        self._start = bytes(start)

    def __len__(self):
        return len(self.ops)

    def _advance(self, n):
        if n < self._done:
            self._image = bytearray(self._start)
            self._done = 0
        while self._done < n:
            apply(self._image, self.ops[self._done], self.base)
            self._done += 1

    def after(self, n):
        self._advance(n)
        return bytes(self._image)

    def during(self, n, fraction):
        self._advance(n - 1)
        image = bytearray(self._image)
        apply(image, self.ops[n - 1], self.base, fraction)
        return bytes(image)
