"""Stand-in for ``neopixel_write``: records the bytes that would go down the data line."""

from standin_hardware import state


def neopixel_write(digitalinout, buf):
    state.pixel_writes.append((digitalinout.pin.name, bytes(buf)))
