"""Text, icons and inversions for the canvas on the RP2040, with machine-code loops.

MicroPython's ``framebuf.blit`` copies a picture pixel by pixel through
function pointers: on the emulated Pico an 11-character line of text took
0.5 ms and inverting a 128x9 highlight bar byte by byte in Python 2.4 ms,
and a screen draws a dozen of each. ``Painter`` draws pictures kept as 8-pixel
columns (MONO_VLSB pages, the panel's own layout): drawing one is OR-ing (or,
in colour 0, clearing) a run of bytes into one or two pages of the picture,
shifted by the row within the page. The loops below do that in Thumb code
(ARMv6-M: the 16-bit instructions and registers r0-r7 only, as the inline
assembler saves r4-r7 for the caller but not r8 and up), a few cycles a byte;
the Python around them (clipping, which pages) is ``Painter``'s.

Text is never kept: ``render_text`` writes a line's columns straight from the
font into one scratch row (``scale_columns`` grows them for big text), which
is then drawn like any picture, so a line costs no heap and no cache (0.24 ms
for 11 characters, 0.32 ms for two at scale 2). Big icons are kept, as their
columns take Python to make. The pixels are framebuf's
(tests/uf2/test_uf2_on_emulated_pico.py checks that on the real firmware). The
rp2 backend gives the canvas a ``Painter`` once the first picture is on the
panel (``Canvas.use_painter``).

``ChangedPages`` finds, for the panel driver, where each page of the picture
differs from what the panel holds (``spans.changed_spans``'s answer): 0.24-0.39
ms a frame, most of it the Python that lists the pages, instead of 0.4-3.9 ms
and 0.3-2.9 KiB of memoryview slices in Python.

Every loop takes addresses (``address(buffer)`` + offset, or a bytearray or
str, which the inline assembler passes as the address of its bytes) and a
count that must be at least 1: the loop body runs before the count is tested.
"""

from array import array

import micropython
import uctypes

from pawtrack import const
from pawtrack.gfx.canvas import line_pixels
from pawtrack.gfx.font import ADVANCE, GLYPHS

# framebuf's blit costs about 1 us a pixel on the Pico, this path about 0.2 ms
# whatever the size: small icons are left to the canvas (a blit).
SMALLEST_ICON_PIXELS = 200
LARGEST_SCALE = 3  # text grown by machine code (the screens use 2 and 3)
UNCHANGED = const(255)  # page_changes's first column for a page with no change


def address(buffer):
    """Where a bytearray's bytes are (the GC never moves an object)."""
    return uctypes.addressof(buffer)


class ChangedPages:
    """``spans.changed_spans`` by machine code: [(page, first, last column)] of the
    pages where the picture differs from what the panel holds."""

    def __init__(self, width, pages):
        self.found = bytearray(2 * pages)  # first and last changed column a page
        self.sizes = array("i", (width, pages))  # the loop counts the pages down in it

    def __call__(self, buffer, shown, width, pages):
        sizes = self.sizes
        sizes[0] = width
        sizes[1] = pages
        found = self.found
        page_changes(buffer, shown, found, sizes)
        spans = []
        for page in range(pages):
            first = found[2 * page]
            if first != UNCHANGED:
                spans.append((page, first, found[2 * page + 1]))
        return spans


class Painter:
    def __init__(self, canvas):
        self.width = canvas.width
        self.pages = canvas.height >> 3
        self.buffer = address(canvas.buffer)
        # A line of text as columns, and the same grown up to LARGEST_SCALE times (made
        # with the first big text: the main menu has none). The characters made start
        # less than one advance left of the canvas and end less than one right of it:
        # fewer than width + 2 advances of columns.
        self.row = bytearray(self.width + 2 * ADVANCE)
        self.large = None
        self.sizes = array("i", (0, 0))  # scale_columns's scale and page width less it
        self.icons = {}  # icon rows' id() -> columns

    def clear(self):
        """The whole picture dark, without the 1 KiB of zero bytes a slice copy needs."""
        zero_fill(self.buffer, self.width * self.pages)

    def text(self, string, x, y, color, scale):
        advance = ADVANCE * scale
        count = len(string)
        end = x + count * advance
        if x < 0:  # the characters wholly off the left edge are not made
            hidden = -x // advance
            string = string[hidden:]
            x += hidden * advance
            count -= hidden
        if end > self.width:
            count = min(count, (self.width - x + advance - 1) // advance)
        if count <= 0:
            return end
        if scale > LARGEST_SCALE:
            self.draw(line_pixels(string[:count], scale), count * advance, scale, x, y, color)
            return end
        render_text(self.row, string, count, GLYPHS)
        if scale == 1:
            self.draw(self.row, count * ADVANCE, 1, x, y, color)
        else:
            sizes = self.sizes
            sizes[0] = scale
            sizes[1] = count * advance - scale
            large = self.large
            if large is None:
                large = bytearray(LARGEST_SCALE * (self.width + 2 * LARGEST_SCALE * ADVANCE))
                self.large = large
            scale_columns(large, self.row, count * ADVANCE, sizes)
            self.draw(large, count * advance, scale, x, y, color)
        return end

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
def render_text(r0, r1, r2, r3):
    # r0 the row (out), r1 the text's UTF-8 bytes, r2 characters to make, r3 font.GLYPHS.
    # Each character: its WIDTH (5) columns, then a blank one (ADVANCE 6); anything
    # outside FIRST..LAST (32..126) is a question mark, as line_pixels draws it.
    label(CHAR)
    ldrb(r4, [r1, 0])
    add(r1, 1)
    mov(r5, 0xC0)
    and_(r5, r4)
    cmp(r5, 0x80)
    beq(CHAR)  # a UTF-8 continuation byte: part of the character before
    sub(r4, 32)
    cmp(r4, 94)
    bls(KNOWN)
    mov(r4, 31)  # "?" - FIRST
    label(KNOWN)
    lsl(r5, r4, 2)
    add(r4, r4, r5)
    add(r4, r4, r3)  # the glyph's first column
    mov(r6, 5)
    label(COLUMN)
    ldrb(r5, [r4, 0])
    strb(r5, [r0, 0])
    add(r4, 1)
    add(r0, 1)
    sub(r6, 1)
    bgt(COLUMN)
    mov(r5, 0)
    strb(r5, [r0, 0])
    add(r0, 1)
    sub(r2, 1)
    bgt(CHAR)


@micropython.asm_thumb
def scale_columns(r0, r1, r2, r3):
    # r0 out: s pages of r2 * s bytes; r1 r2 columns of 8 pixels; r3 sizes: array of
    # the scale s (2..4) and the page width less s. Each column becomes s columns, each
    # pixel s x s pixels, as scaled_columns does. Registers r8 and up are the caller's
    # (the assembler saves r4-r7 only), so the sizes are read from memory.
    label(COLUMN)
    ldrb(r4, [r1, 0])
    add(r1, 1)
    mov(r5, 0)  # the grown column, 8 * s bits
    ldr(r7, [r3, 0])
    mov(r6, 1)
    lsl(r6, r7)
    sub(r6, 1)  # s lit bits: one pixel of the column, grown
    label(BIT)
    lsr(r4, r4, 1)
    bcc(DARK)
    orr(r5, r6)
    label(DARK)
    lsl(r6, r7)
    cmp(r4, 0)
    bne(BIT)
    mov(r7, r0)
    ldr(r6, [r3, 0])  # pages left
    label(PAGE)
    ldr(r4, [r3, 0])  # copies left in this page
    label(COPY)
    strb(r5, [r7, 0])
    add(r7, 1)
    sub(r4, 1)
    bgt(COPY)
    ldr(r4, [r3, 4])
    add(r7, r7, r4)  # the same column, one page down
    lsr(r5, r5, 8)
    sub(r6, 1)
    bgt(PAGE)
    ldr(r4, [r3, 0])
    add(r0, r0, r4)
    sub(r2, 1)
    bgt(COLUMN)


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
def zero_fill(r0, r1):
    # dst[i] = 0; r0 dst, r1 count (about 4 cycles a byte: 33 us for the 128x64 picture)
    mov(r2, 0)
    label(LOOP)
    strb(r2, [r0, 0])
    add(r0, 1)
    sub(r1, 1)
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


@micropython.asm_thumb
def page_changes(r0, r1, r2, r3):
    # r0 the picture, r1 what the panel holds (same layout), r2 out: per page the first
    # and the last changed column, or 255 first when nothing changed; r3 sizes: array of
    # the page width (at most 255) and the pages, which this counts down.
    sub(r1, r1, r0)  # from a byte of the picture to the panel's byte: + r1
    label(PAGE)
    ldr(r4, [r3, 0])
    mov(r5, r0)
    label(FORWARD)
    ldrb(r6, [r5, 0])
    add(r7, r5, r1)
    ldrb(r7, [r7, 0])
    cmp(r6, r7)
    bne(FIRST)
    add(r5, 1)
    sub(r4, 1)
    bgt(FORWARD)
    mov(r6, 255)
    strb(r6, [r2, 0])
    b(NEXT)
    label(FIRST)
    sub(r6, r5, r0)
    strb(r6, [r2, 0])
    ldr(r4, [r3, 0])
    add(r5, r0, r4)  # one past the page's last byte; a change lies before it
    label(BACKWARD)
    sub(r5, 1)
    ldrb(r6, [r5, 0])
    add(r7, r5, r1)
    ldrb(r7, [r7, 0])
    cmp(r6, r7)
    beq(BACKWARD)
    sub(r6, r5, r0)
    strb(r6, [r2, 1])
    label(NEXT)
    ldr(r4, [r3, 0])
    add(r0, r0, r4)
    add(r2, 2)
    ldr(r4, [r3, 4])
    sub(r4, 1)
    str(r4, [r3, 4])
    bgt(PAGE)
