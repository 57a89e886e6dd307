"""Text, icons and inversions for the canvas on the RP2040, with machine-code loops.

MicroPython's ``framebuf.blit`` copies a picture pixel by pixel through
function pointers: on the emulated Pico an 11-character line of text took
0.5 ms and inverting a 128x9 highlight bar byte by byte in Python 2.4 ms,
and a screen draws a dozen of each. ``Painter`` keeps text and icons as
8-pixel columns (MONO_VLSB pages, the panel's own layout), so drawing one is
OR-ing (or, in colour 0, clearing) a run of bytes into one or two pages of
the picture, shifted by the row within the page. The loops below do that in
Thumb code (ARMv6-M: the 16-bit instructions and registers r0-r7 only), a few
cycles a byte; the Python around them (clipping, which pages) is ``Painter``'s.
The pixels are framebuf's (tests/uf2/test_uf2_on_emulated_pico.py checks that
on the real firmware). The rp2 backend gives the canvas a ``Painter`` once the
first picture is on the panel (``Canvas.use_painter``).

Every loop takes addresses (``address(buffer)`` + offset) and a count that
must be at least 1: the loop body runs before the count is tested.
"""

import micropython
import uctypes

from pawtrack.ui import font
from pawtrack.ui.canvas import CACHED_LINES, line_pixels

# framebuf's blit costs about 1 us a pixel on the Pico, this path about 0.2 ms
# whatever the size: small icons are left to the canvas (a blit).
SMALLEST_ICON_PIXELS = 200


def address(buffer):
    """Where a bytearray's bytes are (the GC never moves an object)."""
    return uctypes.addressof(buffer)


class LineCache:
    """The pictures of recent lines of text, by line (and scale).

    Two generations: when CACHED_LINES are cached, they become the old ones and
    a new set starts; a line found among the old ones moves to the new set. So a
    screen that draws more than CACHED_LINES lines does not render them all
    again on every frame (as emptying the cache would), and the cache never
    holds more than twice CACHED_LINES."""

    def __init__(self):
        self.new = {}
        self.old = {}

    def get(self, key):
        found = self.new.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key, picture):
        if len(self.new) >= CACHED_LINES:
            self.old = self.new
            self.new = {}
        self.new[key] = picture

    def clear(self):
        self.new = {}
        self.old = {}



class Painter:
    def __init__(self, canvas):
        self.width = canvas.width
        self.pages = canvas.height >> 3
        self.buffer = address(canvas.buffer)
        self.lines = LineCache()  # text as columns, by line
        self.scaled = LineCache()  # scaled text, by scale and line ("2ab" is not "2ab")
        self.icons = {}  # icon rows' id() -> columns

    def forget_pictures(self):
        self.lines.clear()
        self.scaled.clear()
        self.icons = {}

    def text(self, string, x, y, color, scale):
        width = len(string) * font.ADVANCE * scale
        if string:
            if scale == 1:
                cache = self.lines
                key = string
            else:
                cache = self.scaled
                key = "%d%s" % (scale, string)
            columns = cache.get(key)
            if columns is None:
                columns = line_pixels(string, scale)
                cache.put(key, columns)
            self.draw(columns, width, scale, x, y, color)
        return x + width

    def icon(self, icon, x, y, color):
        """Draw a big enough icon and return True; False leaves it to the canvas."""
        width, height, rows = icon
        if width * height < SMALLEST_ICON_PIXELS:
            return False
        columns = self.icons.get(id(rows))
        if columns is None:
            columns = icon_columns(width, height, rows)
            self.icons[id(rows)] = columns
        self.draw(columns, width, (height + 7) >> 3, x, y, color)
        return True

    def invert_rect(self, x0, row, x1, end):
        """Flip the pixels of columns x0..x1-1, rows row..end-1 (already clipped)."""
        while row < end and x0 < x1:
            page = row >> 3
            below = min(end, (page + 1) << 3)
            mask = ((1 << (below - row)) - 1) << (row & 7)
            xor_fill(self.buffer + page * self.width + x0, x1 - x0, mask)
            row = below

    def draw(self, columns, width, pages, x, y, color):
        """Draw a picture kept as 8-pixel columns (``pages`` MONO_VLSB pages of ``width``
        bytes): its lit pixels in ``color``, clipped to the canvas."""
        skip = 0
        if x < 0:
            skip = -x
            x = 0
        count = min(width - skip, self.width - x)
        if count <= 0:
            return
        if color:
            up = or_up
            down = or_down
        else:
            up = clear_up
            down = clear_down
        shift = y & 7
        row = y >> 3
        end = row + pages
        stride = self.width
        rows = self.pages
        source = address(columns) + skip
        target = self.buffer + x + row * stride
        while row < end:
            if 0 <= row < rows:
                up(target, source, count, shift)
            if shift and -1 <= row < rows - 1:
                down(target + stride, source, count, 8 - shift)
            row += 1
            source += width
            target += stride


def icon_columns(width, height, rows):
    """An icon's MONO_HLSB rows as 8-pixel columns, MONO_VLSB pages."""
    stride = (width + 7) >> 3
    found = bytearray(width * ((height + 7) >> 3))
    for y in range(height):
        base = y * stride
        at = (y >> 3) * width
        bit = 1 << (y & 7)
        for x in range(width):
            if rows[base + (x >> 3)] & (0x80 >> (x & 7)):
                found[at + x] |= bit
    return found


@micropython.asm_thumb
def or_up(r0, r1, r2, r3):
    # dst[i] |= low byte of (src[i] << shift); r0 dst, r1 src, r2 count, r3 shift
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsl(r4, r3)
    ldrb(r5, [r0, 0])
    orr(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def or_down(r0, r1, r2, r3):
    # dst[i] |= src[i] >> shift: the rows that spill into the page below
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsr(r4, r3)
    ldrb(r5, [r0, 0])
    orr(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def clear_up(r0, r1, r2, r3):
    # dst[i] &= ~(src[i] << shift): colour 0, lit source pixels go dark
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsl(r4, r3)
    ldrb(r5, [r0, 0])
    bic(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def clear_down(r0, r1, r2, r3):
    # dst[i] &= ~(src[i] >> shift)
    label(LOOP)
    ldrb(r4, [r1, 0])
    lsr(r4, r3)
    ldrb(r5, [r0, 0])
    bic(r5, r4)
    strb(r5, [r0, 0])
    add(r0, 1)
    add(r1, 1)
    sub(r2, 1)
    bgt(LOOP)


@micropython.asm_thumb
def xor_fill(r0, r1, r2):
    # dst[i] ^= mask; r0 dst, r1 count, r2 mask
    label(LOOP)
    ldrb(r3, [r0, 0])
    eor(r3, r2)
    strb(r3, [r0, 0])
    add(r0, 1)
    sub(r1, 1)
    bgt(LOOP)
