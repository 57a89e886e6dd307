"""Where the picture differs from what the panel holds, searched in Python.

``changed_spans`` is the OLED driver's (``ssd1306.Ssd1306.find_changes``) on a
MicroPython without the Thumb assembler, and the CircuitPython panel's
(``circuitpython.oled.Panel``); on the RP2040 under MicroPython the rp2 device
hands the driver the same search in machine code (``fastdraw.ChangedPages``),
so this module is not loaded there.
"""

from pawtrack import const


def changed_spans(buffer, shown, width, pages):
    """[(page, first column, last column)] of every page where buffer differs from shown.

    Compares memoryview slices: a bytearray slice would copy the page (two 128-byte
    allocations a page, 9 KiB for a whole frame's search), and allocating is what
    costs most on the Pico once the heap is busy."""
    spans = []
    new = memoryview(buffer)
    old = memoryview(shown)
    for page in range(pages):
        start = page * width
        end = start + width
        if new[start:end] == old[start:end]:
            continue
        first = first_difference(new, old, start, end)
        last = last_difference(new, old, first, end)
        spans.append((page, first - start, last - start))
    return spans


# Below this many bytes a search goes byte by byte: each Python step costs about as
# much as comparing a slice of this size in C.
LINEAR_BELOW = const(8)


def first_difference(a, b, low, high):
    """The first index in [low, high) where a and b differ; there must be one.

    Halves the range by comparing slices (C) instead of walking it byte by byte
    (Python, about 10 us a byte on the Pico): a page's 128 columns take 5 steps."""
    while high - low > LINEAR_BELOW:
        middle = (low + high) >> 1
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    while a[low] == b[low]:
        low += 1
    return low


def last_difference(a, b, low, high):
    """The last index in [low, high) where a and b differ; there must be one."""
    while high - low > LINEAR_BELOW:
        middle = (low + high) >> 1
        if a[middle:high] == b[middle:high]:
            high = middle
        else:
            low = middle
    high -= 1
    while a[high] == b[high]:
        high -= 1
    return high
