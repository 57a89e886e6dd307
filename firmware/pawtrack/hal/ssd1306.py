"""The project's own SSD1306 driver over I2C: sends only what changed since the last frame.

The picture lives in a ``pawtrack.gfx.canvas.Canvas`` buffer, already in the
panel's memory layout (framebuf MONO_VLSB: one byte is eight pixels of a
column, one "page" is eight rows). ``Ssd1306.update(buffer)`` compares it with
a copy of what the panel holds and sends each changed page only from its first
to its last changed column, merging neighbouring pages into one rectangle when
that costs fewer bytes. A press that moves a menu highlight sends two or three
short runs instead of the whole 1025-byte frame.

Every I2C message starts with a control byte: 0x00 = commands follow, 0x40 =
display data follows. The panel runs in horizontal addressing mode: after
"column range" (0x21) and "page range" (0x22) commands, data fills that
rectangle left to right, page by page. ``init`` sets the panel up for 64 or 32
rows (multiplex ratio and COM pin wiring differ) with the internal charge pump,
and the first ``update`` after it sends the whole frame, then switches the
display on, so the noise in the panel's memory at power-up is never seen.

Any I2C failure raises OSError and leaves ``known`` False, so the next update
after ``init`` sends the whole frame again.
"""

from pawtrack import const

# Commands (SSD1306 datasheet, "Command Table").
SET_ADDRESSING_MODE = const(0x20)  # + 0 horizontal, 1 vertical, 2 page
SET_COLUMN_RANGE = const(0x21)  # + first, last
SET_PAGE_RANGE = const(0x22)  # + first, last
STOP_SCROLL = const(0x2E)
SET_START_LINE = const(0x40)  # | line (0-63)
SET_CONTRAST = const(0x81)  # + 0-255
SET_CHARGE_PUMP = const(0x8D)  # + 0x14 on, 0x10 off
SEGMENT_REMAP = const(0xA1)  # column 127 drives SEG0: column 0 is on the left
RESUME_FROM_RAM = const(0xA4)  # A5 would light every pixel
NORMAL_DISPLAY = const(0xA6)  # A7 inverts
SET_MULTIPLEX = const(0xA8)  # + rows - 1
DISPLAY_OFF = const(0xAE)
DISPLAY_ON = const(0xAF)
COM_SCAN_REVERSED = const(0xC8)  # row 0 at the top
SET_DISPLAY_OFFSET = const(0xD3)  # + rows
SET_CLOCK = const(0xD5)  # + divide ratio / oscillator
SET_PRECHARGE = const(0xD9)  # + phase lengths
SET_COM_PINS = const(0xDA)  # + 0x12 alternative (64 rows), 0x02 sequential (32 rows)
SET_VCOM_DESELECT = const(0xDB)  # + level

COMMANDS_FOLLOW = b"\x00"  # control byte: the rest of the message is commands
DATA_FOLLOWS = b"\x40"  # control byte: the rest of the message is display data

# Bytes of overhead for sending one rectangle: the command message (control
# byte, 0x21 first last, 0x22 first last) plus the data message's control byte.
RECTANGLE_OVERHEAD = const(8)


def init_sequence(height, contrast=0xCF):
    """The commands that set up a 128x64 or 128x32 panel, as one bytes object.

    The display stays off: its memory holds noise after power-up, so ``update``
    switches it on only after the first whole frame went in."""
    return bytes(
        (
            DISPLAY_OFF,
            SET_CLOCK, 0x80,
            SET_MULTIPLEX, height - 1,
            SET_DISPLAY_OFFSET, 0,
            SET_START_LINE | 0,
            SET_CHARGE_PUMP, 0x14,
            SET_ADDRESSING_MODE, 0,
            SEGMENT_REMAP,
            COM_SCAN_REVERSED,
            SET_COM_PINS, 0x12 if height == 64 else 0x02,
            SET_CONTRAST, contrast,
            SET_PRECHARGE, 0xF1,
            SET_VCOM_DESELECT, 0x40,
            RESUME_FROM_RAM,
            NORMAL_DISPLAY,
            STOP_SCROLL,
        )
    )  # fmt: skip


def rectangles(spans, width, pages):
    """Merge spans of neighbouring pages into [first page, last page, first col, last col]
    rectangles whenever one rectangle costs no more bytes than the separate pieces; the
    whole panel as one rectangle when the pieces would cost more than it."""
    rects = merged_rectangles(spans)
    cost = 0
    for top, bottom, left, right in rects:
        cost += RECTANGLE_OVERHEAD + (bottom - top + 1) * (right - left + 1)
    if cost > RECTANGLE_OVERHEAD + width * pages:
        return [[0, pages - 1, 0, width - 1]]
    return rects


def merged_rectangles(spans):
    rects = []
    for page, first, last in spans:
        if rects:
            top, bottom, left, right = rects[-1]
            if page == bottom + 1:
                separate = (bottom - top + 1) * (right - left + 1) + (last - first + 1)
                new_left = min(left, first)
                new_right = max(right, last)
                merged = (page - top + 1) * (new_right - new_left + 1)
                if merged <= separate + RECTANGLE_OVERHEAD:
                    rects[-1] = [top, page, new_left, new_right]
                    continue
        rects.append([page, page, first, last])
    return rects


class Ssd1306:
    def __init__(self, i2c, address=0x3C, width=128, height=64):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.height = height
        self.pages = height // 8
        # What the panel's memory holds, after one spare byte: a data message is cut
        # straight out of it, the byte before the span set to the 0x40 control byte
        # for the write and put back after (nothing is allocated per frame).
        self.held = bytearray(1 + width * self.pages)
        self.held_view = memoryview(self.held)
        self.shown = self.held_view[1:]
        self.window = bytearray((COMMANDS_FOLLOW[0], SET_COLUMN_RANGE, 0, 0, SET_PAGE_RANGE, 0, 0))
        self.known = False  # False until a whole frame went through
        self.on = False
        self.bytes_sent = 0  # I2C payload bytes (control bytes included), for benchmarks
        self.messages = 0

    def find_changes(self, buffer, shown, width, pages):
        """[(page, first column, last column)] where the picture differs from the panel.

        The rp2 device sets machine code in its place (fastdraw.ChangedPages) before the
        second frame (the first goes whole); elsewhere the search in Python
        (pawtrack.hal.spans) is loaded the first time and takes this method's place."""
        from pawtrack.hal.spans import changed_spans

        self.find_changes = changed_spans
        return changed_spans(buffer, shown, width, pages)

    def send(self, message):
        """One I2C write of a bytes-like message (its first byte: commands or data follow)."""
        self.i2c.writeto(self.address, message)
        self.bytes_sent += len(message)
        self.messages += 1

    def command(self, codes):
        self.send(COMMANDS_FOLLOW + codes)

    def init(self):
        """Set the panel up (display still off); raises OSError if it does not answer."""
        self.known = False
        self.on = False
        self.command(init_sequence(self.height))

    def update(self, buffer):
        """Send what differs from the panel; returns the number of rectangles sent."""
        if self.known:
            rects = rectangles(
                self.find_changes(buffer, self.shown, self.width, self.pages),
                self.width,
                self.pages,
            )
        else:
            rects = [[0, self.pages - 1, 0, self.width - 1]]
        self.send_rectangles(buffer, rects)
        return len(rects)

    def update_area(self, buffer, x, y, w, h):
        """Send one rectangle of the picture (pixels, clipped) without looking for changes:
        for a change whose place is known, e.g. a pressed control. A whole frame if the
        panel's content is not known yet."""
        if not self.known:
            self.update(buffer)
            return
        left = max(x, 0)
        right = min(x + w, self.width) - 1
        top = max(y, 0) >> 3
        bottom = (min(y + h, self.height) - 1) >> 3
        if left <= right and top <= bottom:
            self.send_rectangles(buffer, [[top, bottom, left, right]])

    def send_rectangles(self, buffer, rects):
        """Send [first page, last page, first column, last column] rectangles of buffer.

        One window command per rectangle, then its data: whole rows lie end to end
        and go as one message; a narrower rectangle goes as one message per page
        (the panel carries on where the last byte went)."""
        self.known = False  # until every rectangle went through
        view = memoryview(buffer)
        width = self.width
        window = self.window
        for top, bottom, left, right in rects:
            window[2] = left
            window[3] = right
            window[5] = top
            window[6] = bottom
            self.send(window)
            if left == 0 and right == width - 1:
                self.send_span(view, top * width, (bottom + 1) * width)
                continue
            for page in range(top, bottom + 1):
                start = page * width + left
                self.send_span(view, start, start + right - left + 1)
        if not self.on:
            self.command(bytes((DISPLAY_ON,)))
            self.on = True
        self.known = True

    def send_span(self, view, start, end):
        """Copy view[start:end] into what the panel holds and send it as one data message."""
        held = self.held
        self.shown[start:end] = view[start:end]
        before = held[start]  # the picture byte before the span (or the spare byte)
        held[start] = DATA_FOLLOWS[0]
        try:
            self.send(self.held_view[start : end + 1])
        finally:
            held[start] = before
