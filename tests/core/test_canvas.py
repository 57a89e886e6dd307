"""Canvas primitives give the same pixels whichever interpreter draws them."""

import unittest

from pawtrack.gfx import font
from pawtrack.gfx.canvas import Canvas, text_width
from pawtrack.ui import icons, widgets


def lit(canvas):
    count = 0
    for byte in canvas.buffer:
        while byte:
            count += byte & 1
            byte >>= 1
    return count


class CanvasTest(unittest.TestCase):
    def test_buffer_is_ssd1306_layout(self):
        canvas = Canvas()
        self.assertEqual(len(canvas.buffer), 1024)
        canvas.pixel(3, 10, 1)
        # page 1 (rows 8-15), column 3, bit 2
        self.assertEqual(canvas.buffer[128 + 3], 1 << 2)
        self.assertEqual(canvas.pixel(3, 10), 1)
        canvas.pixel(3, 10, 0)
        self.assertEqual(canvas.pixel(3, 10), 0)

    def test_out_of_range_is_ignored(self):
        canvas = Canvas()
        canvas.pixel(-1, 0, 1)
        canvas.pixel(128, 0, 1)
        canvas.fill_rect(120, 60, 20, 20, 1)
        self.assertEqual(lit(canvas), 8 * 4)

    def test_rect_outline_and_fill(self):
        canvas = Canvas()
        canvas.rect(10, 10, 5, 4, 1)
        self.assertEqual(lit(canvas), 2 * 5 + 2 * 2)
        canvas.fill(1)
        self.assertEqual(lit(canvas), 128 * 64)
        canvas.fill(0)
        self.assertEqual(lit(canvas), 0)

    def test_invert_rect(self):
        canvas = Canvas()
        canvas.fill_rect(0, 0, 4, 4, 1)
        canvas.invert_rect(2, 0, 4, 4)
        self.assertEqual(lit(canvas), 8 + 8)

    def test_text_draws_the_font_glyph(self):
        canvas = Canvas()
        end = canvas.text("1", 0, 0)
        self.assertEqual(end, font.ADVANCE)
        base = (ord("1") - font.FIRST) * font.WIDTH
        for column in range(font.WIDTH):
            self.assertEqual(canvas.buffer[column] & 0x7F, font.GLYPHS[base + column])

    def test_text_is_the_glyphs_pixel_for_pixel(self):
        # Under MicroPython text is blitted from a strip; it must match the font
        # drawn pixel by pixel, in both colours, clipped, long, and after a longer line.
        lines = (
            ("Hello, pawtrack! gjpqy", 3, 2, 1),
            ("x" * 30 + "END", -7, 20, 1),
            ("short", 100, 60, 1),
            ("dark on light", 1, 40, 0),
            ("~{|}\x7f\u00e9?", 0, 50, 1),
        )
        for text, x, y, color in lines:
            drawn = Canvas()
            drawn.fill(1 - color)
            drawn.text("a much longer line that leaves glyphs in the strip", 0, 0, color)
            drawn.fill(1 - color)
            end = drawn.text(text, x, y, color)
            expected = Canvas()
            expected.fill(1 - color)
            for index in range(len(text)):
                code = ord(text[index])
                if code < font.FIRST or code > font.LAST:
                    code = ord("?")
                for column in range(font.WIDTH):
                    bits = font.GLYPHS[(code - font.FIRST) * font.WIDTH + column]
                    for row in range(8):
                        if bits >> row & 1:
                            expected.pixel(x + index * font.ADVANCE + column, y + row, color)
            self.assertEqual(bytes(drawn.buffer), bytes(expected.buffer), text)
            self.assertEqual(end, x + len(text) * font.ADVANCE)

    def test_arrows_are_the_drawn_pointers(self):
        right = ("...#...", "...##..", "######.", "#######", "######.", "...##..", "...#...")
        left_rows = ("...#...", "..##...", ".######", "#######", ".######", "..##...", "...#...")
        for left, rows in ((False, right), (True, left_rows)):
            canvas = Canvas()
            widgets.arrow(canvas, 10, 20, 1, left=left)
            drawn = tuple(
                "".join("#" if canvas.pixel(10 + x, 20 + y) else "." for x in range(7))
                for y in range(7)
            )
            self.assertEqual(drawn, rows)
            self.assertEqual(lit(canvas), sum(row.count("#") for row in rows))

    def test_a_scaled_line_is_not_the_cached_line_that_starts_with_its_scale(self):
        # MicroPython caches rendered lines: "ab" at scale 2 must not find "2ab".
        canvas = Canvas(32, 16)
        canvas.text("ab", 0, 0)
        single = lit(canvas)
        canvas.fill(0)
        canvas.text("2ab", 0, 0)
        canvas.fill(0)
        canvas.text("ab", 0, 0, 1, 2)
        self.assertEqual(lit(canvas), 4 * single)

    def test_text_scaled_is_scale_squared_pixels(self):
        small = Canvas()
        small.text("8", 0, 0)
        big = Canvas()
        big.text("8", 0, 0, scale=3)
        self.assertEqual(lit(big), 9 * lit(small))

    def test_scaled_text_is_each_glyph_pixel_grown(self):
        # Under MicroPython scaled text is blitted from a cached, grown strip.
        cases = (("07", 18, 20, 2, 1), ("9", -3, 50, 3, 1), ("Ok", 5, 3, 2, 0))
        for text, x, y, scale, color in cases:
            drawn = Canvas()
            drawn.fill(1 - color)
            drawn.text("another scaled line", 0, 0, color, scale)
            drawn.fill(1 - color)
            end = drawn.text(text, x, y, color, scale)
            expected = Canvas()
            expected.fill(1 - color)
            for index in range(len(text)):
                bits_base = (ord(text[index]) - font.FIRST) * font.WIDTH
                for column in range(font.WIDTH):
                    bits = font.GLYPHS[bits_base + column]
                    for row in range(8):
                        if bits >> row & 1:
                            left = x + (index * font.ADVANCE + column) * scale
                            expected.fill_rect(left, y + row * scale, scale, scale, color)
            self.assertEqual(bytes(drawn.buffer), bytes(expected.buffer), text)
            self.assertEqual(end, x + len(text) * font.ADVANCE * scale)

    def test_invert_rect_across_pages_and_clipped(self):
        canvas = Canvas()
        canvas.pixel(5, 12, 1)
        canvas.invert_rect(3, 6, 4, 10)  # rows 6-15: the ends of pages 0 and 1
        for x, y, expected in ((3, 6, 1), (6, 15, 1), (5, 12, 0), (7, 10, 0), (3, 16, 0)):
            self.assertEqual(canvas.pixel(x, y), expected, (x, y))
        self.assertEqual(lit(canvas), 4 * 10 - 1)
        canvas.invert_rect(-5, 60, 300, 10)  # clipped to the last four rows
        self.assertEqual(lit(canvas), 4 * 10 - 1 + 128 * 4)

    def test_fill_both_colours(self):
        canvas = Canvas()
        canvas.fill(1)
        self.assertEqual(lit(canvas), 128 * 64)
        canvas.fill(0)
        self.assertEqual(lit(canvas), 0)

    def test_unknown_char_draws_question_mark(self):
        a = Canvas()
        a.text("\u00e9", 0, 0)
        b = Canvas()
        b.text("?", 0, 0)
        self.assertEqual(a.buffer, b.buffer)

    def test_text_width(self):
        self.assertEqual(text_width("abc"), 17)
        self.assertEqual(text_width(""), 0)

    def test_icon_pixels_match_the_packed_rows(self):
        canvas = Canvas()
        width, height, rows = icons.CHEESE
        canvas.icon(icons.CHEESE, 5, 7)
        stride = (width + 7) // 8
        for y in range(height):
            for x in range(width):
                expected = 1 if rows[y * stride + x // 8] & (0x80 >> (x % 8)) else 0
                self.assertEqual(canvas.pixel(5 + x, 7 + y), expected)

    def test_icons_and_text_clipped_at_every_edge_are_their_pixels(self):
        # Where there is no framebuf the canvas ORs columns into one or two pages;
        # off the edges, across a page boundary and in the dark colour it must
        # still give exactly the pixels the packed rows say.
        width, height, rows = icons.CHEESE
        stride = (width + 7) // 8
        for x, y, color in ((-3, -5, 1), (124, 60, 1), (60, 3, 0), (-2, 61, 0), (9, -1, 1)):
            drawn = Canvas()
            drawn.fill(1 - color)
            drawn.icon(icons.CHEESE, x, y, color)
            drawn.text("Ag", x, y - 9, color)
            expected = Canvas()
            expected.fill(1 - color)
            for yy in range(height):
                for xx in range(width):
                    if rows[yy * stride + xx // 8] & (0x80 >> (xx % 8)):
                        expected.pixel(x + xx, y + yy, color)
            for index in range(2):
                code = ord("Ag"[index])
                for column in range(font.WIDTH):
                    bits = font.GLYPHS[(code - font.FIRST) * font.WIDTH + column]
                    for row in range(8):
                        if bits >> row & 1:
                            expected.pixel(x + index * font.ADVANCE + column, y - 9 + row, color)
            self.assertEqual(bytes(drawn.buffer), bytes(expected.buffer), (x, y, color))

    def test_every_icon_is_drawn_and_distinct(self):
        seen = []
        for name in icons.BY_NAME:
            canvas = Canvas()
            canvas.icon(icons.BY_NAME[name], 0, 0)
            self.assertGreater(lit(canvas), 10, name)
            self.assertNotIn(bytes(canvas.buffer), seen, name)
            seen.append(bytes(canvas.buffer))
