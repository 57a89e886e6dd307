"""A stand-in for MicroPython's ``neopixel`` module, for tests: records every strip write.

``strips`` lists every NeoPixel made; each keeps ``writes``, the colours of
every ``write()`` in order (what the strip's LEDs would show after it).
"""

strips = []


def reset_all():
    del strips[:]


class NeoPixel:
    ORDER = (1, 0, 2, 3)  # GRB on the wire, like the real module

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.pixels = [(0, 0, 0)] * n
        self.writes = []
        strips.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, index, color):
        if len(color) != self.bpp:
            raise ValueError("a colour has %d values" % self.bpp)
        for value in color:
            if not 0 <= value <= 255:
                raise ValueError("colour values are 0-255")
        self.pixels[index] = tuple(color)

    def __getitem__(self, index):
        return self.pixels[index]

    def fill(self, color):
        for i in range(self.n):
            self[i] = color

    def write(self):
        self.writes.append(list(self.pixels))
