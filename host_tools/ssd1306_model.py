"""A model of the SSD1306 OLED controller: I2C bytes in, the picture a person would see out.

    model = Ssd1306Model(height=64)
    for address, message in recorded_writes:
        model.write(address, message)
    rows = model.picture()      # height rows of width 0/1 pixels

Written from the datasheet's command table, independently of the firmware's
driver, so the tests check the driver against the chip rather than against
itself. It keeps the 128x64 display RAM (GDDRAM: 8 pages of 128 column bytes,
bit 0 at the top of a page) and the registers that decide what shows:

* every message starts with a control byte: bit 6 (D/C) says data (1) or
  commands (0); bit 7 (Co) set means only the next byte has that meaning and
  another control byte follows, clear means the rest of the message does;
* addressing modes (0x20): horizontal, vertical, page; the column (0x21) and
  page (0x22) windows; page mode's 0xB0-0xB7 page and 0x00-0x1F column
  nibbles; data advances the pointer as the mode says, wrapping in the window;
* display on/off (0xAE/0xAF), charge pump (0x8D: an internal-VCC module stays
  dark without it), entire display on (0xA5), invert (0xA6/0xA7), contrast
  (0x81), multiplex ratio (0xA8: how many rows are driven), segment remap
  (0xA0/0xA1), COM scan direction (0xC0/0xC8), display offset (0xD3), start
  line (0x40-0x7F), COM pin wiring (0xDA), clock, precharge, VCOMH, scrolling
  off (0x2E) and NOP (0xE3); the internal IREF selection (0xAD, of the
  later SSD1306 datasheets), which Adafruit's adafruit_ssd1306 sends.

The panel is a module as sold: ``height`` rows (64 or 32) wired so that the
usual init (0xA1, 0xC8, 0xDA 0x12 for 64 rows, 0x02 for 32) shows RAM column 0
on the left and RAM row 0 at the top. Anything the model cannot place is kept
in ``problems`` (unknown command, a message for another address, wrong COM
wiring, data before the display was set up), and the tests require it empty.
"""

WIDTH = 128
RAM_ROWS = 64
PAGES = 8

# Commands followed by argument bytes, and how many.
ARGUMENTS = {
    0x20: 1,  # addressing mode
    0x21: 2,  # column window
    0x22: 2,  # page window
    0x26: 6,  # horizontal scroll set-up
    0x27: 6,
    0x29: 5,  # vertical and horizontal scroll set-up
    0x2A: 5,
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # internal IREF selection
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD9: 1,  # precharge
    0xDA: 1,  # COM pins
    0xDB: 1,  # VCOMH deselect level
}
HORIZONTAL, VERTICAL, PAGE = 0, 1, 2


class Ssd1306Model:
    def __init__(self, height=64, address=0x3C):
        self.height = height
        self.address = address
        self.ram = bytearray(WIDTH * PAGES)
        self.problems = []
        # Registers after a power-on reset (datasheet defaults).
        self.display_on = False
        self.charge_pump = False
        self.entire_on = False
        self.inverted = False
        self.contrast = 0x7F
        self.multiplex = 64
        self.segment_remap = False
        self.com_reversed = False
        self.offset = 0
        self.start_line = 0
        self.com_alternative = True
        self.mode = PAGE
        self.column_window = (0, WIDTH - 1)
        self.page_window = (0, PAGES - 1)
        self.column = 0
        self.page = 0
        self.scrolling = False
        self.commands_seen = 0
        self.data_bytes = 0
        self.pending = []  # a command still waiting for its argument bytes

    # -- the I2C side ---------------------------------------------------------------

    def write(self, address, message):
        """One I2C write: address, then the bytes after the address."""
        if address != self.address:
            self.problems.append(
                "message for 0x%02X, not this panel (0x%02X)" % (address, self.address)
            )
            return
        i = 0
        while i < len(message):
            control = message[i]
            i += 1
            if control & 0x3F:
                self.problems.append("control byte 0x%02X has low bits set" % control)
            is_data = bool(control & 0x40)
            if control & 0x80:  # Co = 1: one byte, then another control byte
                if i < len(message):
                    self._byte(message[i], is_data)
                    i += 1
                continue
            for byte in message[i:]:
                self._byte(byte, is_data)
            return

    def _byte(self, byte, is_data):
        if is_data:
            self._data(byte)
        else:
            self._command_byte(byte)

    # -- commands -------------------------------------------------------------------

    def _command_byte(self, byte):
        if self.pending:
            self.pending.append(byte)
            if len(self.pending) == ARGUMENTS[self.pending[0]] + 1:
                code, args = self.pending[0], self.pending[1:]
                self.pending = []
                self._command(code, args)
            return
        if byte in ARGUMENTS:
            self.pending = [byte]
            return
        self._command(byte, [])

    def _command(self, code, args):
        self.commands_seen += 1
        if code == 0x20:
            if args[0] & 3 == 3:
                self.problems.append("addressing mode 3 is invalid")
            else:
                self.mode = args[0] & 3
        elif code == 0x21:
            self.column_window = (args[0] & 0x7F, args[1] & 0x7F)
            self.column = self.column_window[0]
        elif code == 0x22:
            self.page_window = (args[0] & 7, args[1] & 7)
            self.page = self.page_window[0]
        elif 0xB0 <= code <= 0xB7:
            self.page = code & 7
        elif code <= 0x0F:
            self.column = (self.column & 0xF0) | code
        elif code <= 0x1F:
            self.column = (self.column & 0x0F) | ((code & 0x07) << 4)
        elif 0x40 <= code <= 0x7F:
            self.start_line = code & 0x3F
        elif code == 0x81:
            self.contrast = args[0]
        elif code == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif code in (0xA0, 0xA1):
            self.segment_remap = code == 0xA1
        elif code in (0xA4, 0xA5):
            self.entire_on = code == 0xA5
        elif code in (0xA6, 0xA7):
            self.inverted = code == 0xA7
        elif code == 0xA8:
            if args[0] & 0x3F < 15:
                self.problems.append("multiplex ratio %d is below 16" % (args[0] + 1))
            self.multiplex = (args[0] & 0x3F) + 1
        elif code in (0xAE, 0xAF):
            self.display_on = code == 0xAF
        elif code in (0xC0, 0xC8):
            self.com_reversed = code == 0xC8
        elif code == 0xD3:
            self.offset = args[0] & 0x3F
        elif code == 0xDA:
            self.com_alternative = bool(args[0] & 0x10)
            if args[0] & 0x20:
                self.problems.append("COM left/right remap is not used by these modules")
        elif code == 0x2E:
            self.scrolling = False
        elif code == 0x2F:
            self.scrolling = True
            self.problems.append("scrolling is on: the model does not scroll")
        elif code in (0xD5, 0xD9, 0xDB, 0xE3, 0x26, 0x27, 0x29, 0x2A, 0xA3, 0xAD):
            pass  # timing, voltages, current reference, scroll set-up, NOP: nothing visible
        else:
            self.problems.append("unknown command 0x%02X" % code)

    # -- display data ---------------------------------------------------------------

    def _data(self, byte):
        self.data_bytes += 1
        self.ram[self.page * WIDTH + self.column] = byte
        first_col, last_col = self.column_window
        first_page, last_page = self.page_window
        if self.mode == PAGE:
            # Page mode: the column moves on and wraps inside the page.
            self.column = self.column + 1 if self.column < WIDTH - 1 else 0
        elif self.mode == HORIZONTAL:
            if self.column < last_col:
                self.column += 1
            else:
                self.column = first_col
                self.page = self.page + 1 if self.page < last_page else first_page
        else:
            if self.page < last_page:
                self.page += 1
            else:
                self.page = first_page
                self.column = self.column + 1 if self.column < last_col else first_col

    # -- what a person sees -----------------------------------------------------------

    def ram_pixel(self, column, row):
        return (self.ram[(row >> 3) * WIDTH + column] >> (row & 7)) & 1

    def lit(self):
        """Whether the panel shows anything at all (on, with its charge pump)."""
        return self.display_on and self.charge_pump

    def picture(self):
        """height rows of WIDTH pixels (0/1) as they appear on the module, top row first."""
        wiring_ok = self.com_alternative == (self.height == 64)
        if not wiring_ok:
            self.problems.append(
                "COM pins set %s for a %d-row panel: rows would be interleaved"
                % ("alternative" if self.com_alternative else "sequential", self.height)
            )
        rows = []
        for y in range(self.height):
            row = []
            # The row of the panel driven by COM line `com`: with reversed scan
            # (0xC8) the module's top row is row 0 of the multiplexed lines.
            com = y if self.com_reversed else self.height - 1 - y
            shown = com < self.multiplex and self.lit()
            ram_row = (com + self.start_line + self.offset) % RAM_ROWS
            for x in range(WIDTH):
                if not shown:
                    row.append(0)
                    continue
                if self.entire_on:
                    row.append(1)
                    continue
                column = x if self.segment_remap else WIDTH - 1 - x
                pixel = self.ram_pixel(column, ram_row)
                row.append(pixel ^ 1 if self.inverted else pixel)
            rows.append(row)
        return rows

    def picture_bytes(self):
        """The picture in the canvas's layout (MONO_VLSB pages), to compare with a frame."""
        rows = self.picture()
        out = bytearray(WIDTH * ((self.height + 7) // 8))
        for y, row in enumerate(rows):
            for x, pixel in enumerate(row):
                if pixel:
                    out[(y >> 3) * WIDTH + x] |= 1 << (y & 7)
        return bytes(out)


def decode(writes, height=64, address=0x3C):
    """A model fed with a list of (address, message) I2C writes."""
    model = Ssd1306Model(height, address)
    for to, message in writes:
        model.write(to, message)
    return model
