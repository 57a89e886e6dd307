"""Colours put into a strip's pixels with every channel clamped to the board's cap.

The core's ``Lights`` already scales colours by the brightness cap; the strips
of every runtime clamp once more here, so nothing that writes to a strip (the
boot blink code included) can draw more than the board's LED budget.
"""

OFF = (0, 0, 0)


def put_capped(pixels, colors, count, limit):
    """pixels[0:count] = colors (OFF past their end), each channel at most ``limit``."""
    for i in range(count):
        r, g, b = colors[i] if i < len(colors) else OFF
        pixels[i] = (min(r, limit), min(g, limit), min(b, limit))
