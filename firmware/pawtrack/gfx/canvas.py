"""A 1-bit drawing surface in the SSD1306's memory layout, on both interpreters.

The pixels live in one ``bytearray`` of width * height / 8 bytes laid out like
the SSD1306's RAM (framebuf's MONO_VLSB): byte ``(y // 8) * width + x`` holds
column ``x`` of page ``y // 8``, bit ``y % 8`` from the top. A display backend
can therefore send ``buffer`` to the panel unchanged.

Under MicroPython the C ``framebuf`` module does the drawing; elsewhere the
same operations run in plain Python. Both give identical pixels, which the
golden-image tests check on each interpreter. Backends subclass Canvas and
implement ``show()``.

Text and icons are the bulk of every frame. Under MicroPython a line of text
is rendered once into 8-pixel columns (the font's glyphs already are MONO_VLSB
columns, so that is a byte copy per glyph) and kept in a cache of recent
lines; each icon (rows, MONO_HLSB) is converted the first time it is drawn.
Drawing either is then one ``blit`` of a ``FrameBuffer`` over those bytes, or,
when the backend gives the canvas a faster painter (``use_painter``: the rp2
backend's ``pawtrack.hal.rp2.fastdraw.Painter``), OR-ing the columns into one
or two pages per row of pages with machine-code loops. Measured on the
emulated Pico: an 11-character line from the cache 0.50 ms with framebuf's
blit (it goes pixel by pixel); 0.24 ms with the painter, which makes every
line from the font in machine code and keeps none (0.32 ms for a line at
scale 2); a 128x9 highlight bar inverted 2.4 ms in Python, 0.22 ms with it.
The canvas's own cache holds CACHED_LINES lines, about a screen's worth.
"""

from pawtrack import const
from pawtrack.gfx import font

try:
    import framebuf
except ImportError:  # CPython: the plain-Python path below is used
    framebuf = None

# Text and icons go through cached FrameBuffers only with MicroPython's framebuf;
# elsewhere (CPython, CircuitPython) ``_columns`` ORs their columns into the buffer.
BLITS = framebuf is not None


GLYPH_ROWS = const(8)  # 7 rows and the descender
QUESTION_MARK = const(63)  # drawn for anything the font does not have
CACHED_LINES = const(16)  # lines of text kept rendered (a screen's worth); then it starts again


class Canvas:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * ((height + 7) // 8))
        self._fb = None
        # What a short press of "ok", "left" or "right" would act on, as a tuple of
        # (x, y, w, h) areas, noted by the widgets while a screen draws (ui.app flips
        # them at once).
        self.pressable = {}
        self._blank = None  # a page of zero bytes to clear the buffer with, made on first use
        self._painter = None  # a backend's faster text, icons and inversions (use_painter)
        if framebuf is not None:
            self._fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.MONO_VLSB)
            # Blitting in colour 0: lit source pixels become 0, dark ones the key (not drawn).
            self._dark = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
            self._dark.pixel(0, 0, 1)
            self._dark.pixel(1, 0, 0)

    def show(self):
        """Send the picture to wherever it is seen; backends override this."""

    def show_area(self, x, y, w, h):
        """Send the picture where only this rectangle changed (a backend may send less)."""
        self.show()

    def use_painter(self, painter):
        """Hand text, icons and inversions to a backend's painter, which draws the same
        pixels faster: ``painter.text(...)`` and ``painter.invert_rect(...)`` as here,
        ``painter.clear()`` for ``fill(0)``,
        ``painter.icon(...)`` returning False for an icon it leaves to the canvas (the
        rp2 backend's ``pawtrack.hal.rp2.fastdraw.Painter``: machine-code loops)."""
        self._painter = painter
        self._blank = None  # the painter clears the picture (``painter.clear()``)
        _lines.clear()  # the FrameBuffers of the pictures drawn before: not used again
        _scaled.clear()
        _icons.clear()

    # -- primitives ---------------------------------------------------------

    def fill(self, color):
        if not color and self._painter is not None:
            self._painter.clear()
            return
        # A page at a time: framebuf's fill goes pixel row by pixel row (0.8 ms on the
        # Pico), and a pattern as long as the picture would need a 1 KiB block.
        if color:
            page = b"\xff" * self.width
        else:
            if self._blank is None:
                self._blank = bytes(self.width)
            page = self._blank
        buf = self.buffer
        width = self.width
        for start in range(0, len(buf), width):
            buf[start : start + width] = page

    def pixel(self, x, y, color=None):
        """Set a pixel, or return it (0 or 1) when color is None."""
        if self._fb:
            if color is None:
                return self._fb.pixel(x, y)
            self._fb.pixel(x, y, color)
            return None
        if not (0 <= x < self.width and 0 <= y < self.height):
            return 0 if color is None else None
        index = (y >> 3) * self.width + x
        mask = 1 << (y & 7)
        if color is None:
            return 1 if self.buffer[index] & mask else 0
        if color:
            self.buffer[index] |= mask
        else:
            self.buffer[index] &= ~mask & 0xFF
        return None

    def fill_rect(self, x, y, w, h, color):
        if self._fb:
            self._fb.fill_rect(x, y, w, h, color)
            return
        buf = self.buffer
        for first, stop, mask in self._page_runs(x, y, w, h):
            if color:
                for i in range(first, stop):
                    buf[i] |= mask
            else:
                mask ^= 0xFF
                for i in range(first, stop):
                    buf[i] &= mask

    def _page_runs(self, x, y, w, h):
        """For each page a rectangle crosses: (first, stop, mask), its bytes
        ``buffer[first:stop]`` and the bits of them inside the rectangle."""
        x0 = max(x, 0)
        x1 = min(x + w, self.width)
        row = max(y, 0)
        end = min(y + h, self.height)
        while row < end and x0 < x1:
            page = row >> 3
            below = min(end, (page + 1) << 3)
            base = page * self.width
            yield base + x0, base + x1, ((1 << (below - row)) - 1) << (row & 7)
            row = below

    # Lines and outlines go straight to framebuf where there is one: each Python
    # call in between costs tens of microseconds on the Pico (an outline was four).

    def hline(self, x, y, w, color):
        if BLITS and self._fb is not None:
            self._fb.hline(x, y, w, color)
            return
        self.fill_rect(x, y, w, 1, color)

    def vline(self, x, y, h, color):
        if BLITS and self._fb is not None:
            self._fb.vline(x, y, h, color)
            return
        self.fill_rect(x, y, 1, h, color)

    def rect(self, x, y, w, h, color):
        """The outline of a rectangle."""
        if w <= 0 or h <= 0:
            return
        if BLITS and self._fb is not None:
            self._fb.rect(x, y, w, h, color)
            return
        self.hline(x, y, w, color)
        self.hline(x, y + h - 1, w, color)
        self.vline(x, y, h, color)
        self.vline(x + w - 1, y, h, color)

    def invert_rect(self, x, y, w, h):
        """Flip every pixel in a rectangle (a pressed control, a highlighted box).

        Works on the buffer's bytes (eight rows of a column per byte), one XOR
        per column and page, so a 128x10 bar takes 256 steps, not 1280 pixels.
        (XORing a page's run as one big integer is 4 times faster on a fresh
        heap, but it allocates: late in a session, with the heap full of live
        objects, finding room for those integers made it slower than this.)"""
        if self._painter is not None:
            right, bottom = min(x + w, self.width), min(y + h, self.height)
            self._painter.invert_rect(max(x, 0), max(y, 0), right, bottom)
            return
        buf = self.buffer
        for first, stop, mask in self._page_runs(x, y, w, h):
            for i in range(first, stop):
                buf[i] ^= mask

    # -- bitmaps, text -------------------------------------------------------

    def icon(self, icon, x, y, color=1, scale=1):
        """Draw the lit pixels of an icon (width, height, MONO_HLSB rows)."""
        if self._painter is not None and scale == 1 and self._painter.icon(icon, x, y, color):
            return
        if BLITS and self._fb is not None and scale == 1:
            self._blit(icon_buffer(icon), x, y, color)
            return
        width, height, rows = icon
        if scale == 1:
            self._columns(icon_columns(icon), width, (height + 7) >> 3, x, y, color)
            return
        stride = (width + 7) >> 3
        for yy in range(height):
            base = yy * stride
            run_start = -1
            for xx in range(width + 1):
                lit = xx < width and rows[base + (xx >> 3)] & (0x80 >> (xx & 7))
                if lit and run_start < 0:
                    run_start = xx
                elif not lit and run_start >= 0:
                    left = x + run_start * scale
                    self.fill_rect(left, y + yy * scale, (xx - run_start) * scale, scale, color)
                    run_start = -1

    def text(self, string, x, y, color=1, scale=1):
        """Draw text in the 5x7 font; returns the x just after the last glyph."""
        if self._painter is not None:
            return self._painter.text(string, x, y, color, scale)
        if BLITS and self._fb is not None:
            if string:
                self._blit(line_buffer(string, scale), x, y, color)
            return x + len(string) * font.ADVANCE * scale
        if string:
            columns = line_pixels(string, scale)
            self._columns(columns, len(columns) // scale, scale, x, y, color)
        return x + len(string) * font.ADVANCE * scale

    def _columns(self, columns, width, pages, x, y, color):
        """Draw the lit pixels of MONO_VLSB ``columns`` (``pages`` rows of 8 pixels,
        ``width`` wide) with their top left at x, y: one or two bytes changed
        per column and page, where framebuf is not there to blit them."""
        buf = self.buffer
        stride = self.width
        first = max(0, -x)
        last = min(width, stride - x)
        shift = y & 7
        rows = self.height
        for source_page in range(pages):
            top = y + (source_page << 3)
            page = top >> 3
            start = source_page * width
            # The source page's bytes land in page (shifted down) and page + 1.
            for target, move in ((page, shift), (page + 1, shift - 8)):
                if move == -8 or target < 0 or target << 3 >= rows:
                    continue
                keep = 0xFF if (target + 1) << 3 <= rows else (1 << (rows & 7)) - 1
                base = target * stride + x
                for column in range(first, last):
                    bits = columns[start + column]
                    if not bits:
                        continue
                    bits = (bits << move if move >= 0 else bits >> -move) & keep
                    if color:
                        buf[base + column] |= bits
                    else:
                        buf[base + column] &= ~bits & 0xFF

    def _blit(self, source, x, y, color):
        """The lit pixels of the FrameBuffer ``source`` in ``color``; its dark ones not."""
        if color:
            self._fb.blit(source, x, y, 0)
        else:
            self._fb.blit(source, x, y, 1, self._dark)


# Under MicroPython: a FrameBuffer per recent line of text and per icon. Scaled
# lines have their own cache: a key "2ab" there must not find the line "2ab".
_lines = {}
_scaled = {}
_icons = {}
_icon_columns = {}  # where there is no framebuf: id(rows) -> (rows, columns)


def line_buffer(string, scale=1):
    """The FrameBuffer of a line of text at a scale, rendered on first use and cached."""
    cache = _lines if scale == 1 else _scaled
    key = string if scale == 1 else "%d%s" % (scale, string)
    found = cache.get(key)
    if found is None:
        found = framebuf.FrameBuffer(
            line_pixels(string, scale),
            len(string) * font.ADVANCE * scale,
            GLYPH_ROWS * scale,
            framebuf.MONO_VLSB,
        )
        if len(cache) >= CACHED_LINES:
            cache.clear()
        cache[key] = found
    return found


def line_pixels(string, scale):
    columns = glyph_columns(string)
    if scale > 1:
        columns = scaled_columns(columns, scale)
    return columns


def glyph_columns(string):
    """The text's pixel columns, one byte each (bit 0 at the top), as MONO_VLSB wants."""
    glyphs = font.GLYPHS
    columns = bytearray(len(string) * font.ADVANCE)
    at = 0
    for char in string:
        code = ord(char)
        if code < font.FIRST or code > font.LAST:
            code = QUESTION_MARK
        base = (code - font.FIRST) * font.WIDTH
        columns[at : at + font.WIDTH] = glyphs[base : base + font.WIDTH]
        at += font.ADVANCE
    return columns


def scaled_columns(columns, scale):
    """Columns of 8-pixel bytes grown ``scale`` times each way, in MONO_VLSB pages."""
    width = len(columns) * scale
    out = bytearray(width * scale)  # scale pages of 8 rows each
    for x in range(len(columns)):
        bits = columns[x]
        for row in range(GLYPH_ROWS):
            if bits & (1 << row):
                for dy in range(scale):
                    big_row = row * scale + dy
                    index = (big_row >> 3) * width + x * scale
                    mask = 1 << (big_row & 7)
                    for dx in range(scale):
                        out[index + dx] |= mask
    return out


def icon_columns(icon):
    """An icon's pixels as MONO_VLSB columns (made once per icon, kept beside its rows)."""
    width, height, rows = icon
    found = _icon_columns.get(id(rows))
    if found is not None and found[0] is rows:
        return found[1]
    stride = (width + 7) >> 3
    columns = bytearray(width * ((height + 7) >> 3))
    for yy in range(height):
        base = yy * stride
        page = (yy >> 3) * width
        bit = 1 << (yy & 7)
        for xx in range(width):
            if rows[base + (xx >> 3)] & (0x80 >> (xx & 7)):
                columns[page + xx] |= bit
    _icon_columns[id(rows)] = (rows, columns)
    return columns


def icon_buffer(icon):
    """The FrameBuffer of an icon (keyed by the icon's rows, which are made once)."""
    width, height, rows = icon
    key = id(rows)
    found = _icons.get(key)
    if found is None:
        found = framebuf.FrameBuffer(bytearray(rows), width, height, framebuf.MONO_HLSB)
        _icons[key] = found
    return found


def text_width(string, scale=1):
    """Width in pixels of ``string`` drawn with Canvas.text (no trailing gap)."""
    if not string:
        return 0
    return (len(string) * font.ADVANCE - 1) * scale
