"""The SSD1306 model decodes byte streams written by hand from the datasheet's command table."""

from host_tools.ssd1306_model import Ssd1306Model, decode

# The usual wake-up of a 128x64 module: off, clock, multiplex 64, offset 0,
# start line 0, charge pump on, horizontal mode, segment remap, COM scan
# reversed, COM pins alternative, contrast, precharge, VCOMH, RAM, normal, on.
WAKE_64 = bytes(
    [0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00, 0xA1, 0xC8]
    + [0xDA, 0x12, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6, 0xAF]
)


def lit_pixels(model):
    return {(x, y) for y, row in enumerate(model.picture()) for x, v in enumerate(row) if v}


def awake(height=64):
    model = Ssd1306Model(height)
    wake = bytearray(WAKE_64)
    if height == 32:
        wake[wake.index(0xA8) + 1] = 0x1F
        wake[wake.index(0xDA) + 1] = 0x02
    model.write(0x3C, bytes(wake))
    return model


def test_power_on_is_dark_until_display_on_and_charge_pump():
    model = Ssd1306Model()
    model.write(0x3C, bytes([0x40, 0xFF]))
    assert lit_pixels(model) == set()
    model.write(0x3C, bytes([0x00, 0xAF]))  # on, but no charge pump
    assert not model.lit()
    model.write(0x3C, bytes([0x00, 0x8D, 0x14]))
    assert model.lit()


def test_horizontal_mode_window_wraps_to_the_next_page():
    model = awake()
    model.write(0x3C, bytes([0x00, 0x21, 10, 11, 0x22, 2, 3]))
    model.write(0x3C, bytes([0x40, 0x01, 0x80, 0x01, 0x01]))
    assert lit_pixels(model) == {(10, 16), (11, 23), (10, 24), (11, 24)}
    assert model.problems == []


def test_page_mode_uses_b0_and_column_nibbles():
    model = awake()
    model.write(0x3C, bytes([0x00, 0x20, 0x02, 0xB5, 0x03, 0x12]))  # page 5, column 0x23
    model.write(0x3C, bytes([0x40, 0x02, 0x02]))
    assert lit_pixels(model) == {(35, 41), (36, 41)}


def test_vertical_mode_fills_down_the_column_first():
    model = awake()
    model.write(0x3C, bytes([0x00, 0x20, 0x01, 0x21, 0, 1, 0x22, 0, 1]))
    model.write(0x3C, bytes([0x40, 0x01, 0x01, 0x01]))
    assert lit_pixels(model) == {(0, 0), (0, 8), (1, 0)}


def test_continuation_bit_makes_one_byte_then_a_new_control_byte():
    model = awake()
    # Co=1 command (page mode), Co=1 command (page 0), then Co=0 data.
    model.write(0x3C, bytes([0x80, 0x20, 0x80, 0x02, 0x80, 0xB0, 0x80, 0x00, 0x80, 0x10]))
    model.write(0x3C, bytes([0xC0, 0x01, 0x40, 0x01, 0x01]))
    assert lit_pixels(model) == {(0, 0), (1, 0), (2, 0)}


def test_invert_entire_on_and_contrast():
    model = awake()
    model.write(0x3C, bytes([0x00, 0xA7, 0x81, 0x10]))
    assert len(lit_pixels(model)) == 128 * 64
    assert model.contrast == 0x10
    model.write(0x3C, bytes([0x00, 0xA6, 0xA5]))
    assert len(lit_pixels(model)) == 128 * 64
    model.write(0x3C, bytes([0x00, 0xA4, 0xAE]))
    assert lit_pixels(model) == set()


def test_orientation_remap_start_line_and_offset():
    model = awake()
    model.write(0x3C, bytes([0x00, 0x21, 0, 0, 0x22, 0, 0, 0x40]))
    model.write(0x3C, bytes([0x40, 0x01]))
    assert lit_pixels(model) == {(0, 0)}
    model.write(0x3C, bytes([0x00, 0xA0]))  # no segment remap: column 0 on the right
    assert lit_pixels(model) == {(127, 0)}
    model.write(0x3C, bytes([0x00, 0xA1, 0xC0]))  # normal COM scan: upside down
    assert lit_pixels(model) == {(0, 63)}
    model.write(0x3C, bytes([0x00, 0xC8, 0x41]))  # start line 1: RAM row 0 leaves the top
    assert lit_pixels(model) == {(0, 63)}
    model.write(0x3C, bytes([0x00, 0x40, 0xD3, 0x3F]))  # offset 63 brings it back one row down
    assert lit_pixels(model) == {(0, 1)}


def test_a_32_row_panel_and_its_com_wiring():
    model = awake(32)
    model.write(0x3C, bytes([0x00, 0x21, 0, 127, 0x22, 0, 3]))
    model.write(0x3C, bytes([0x40]) + bytes([0xFF]) * 512)
    assert len(lit_pixels(model)) == 128 * 32
    assert model.problems == []
    wrong = awake(32)
    wrong.write(0x3C, bytes([0x00, 0xDA, 0x12]))
    wrong.picture()
    assert any("interleaved" in p for p in wrong.problems)


def test_multiplex_limits_the_rows_driven():
    model = awake()
    model.write(0x3C, bytes([0x00, 0xA8, 0x1F, 0x21, 0, 127, 0x22, 0, 7]))
    model.write(0x3C, bytes([0x40]) + bytes([0xFF]) * 1024)
    assert {y for _, y in lit_pixels(model)} == set(range(32))


def test_what_the_model_cannot_place_is_a_problem():
    model = awake()
    model.write(0x3D, bytes([0x00, 0xAF]))
    model.write(0x3C, bytes([0x00, 0xFF]))
    model.write(0x3C, bytes([0x01, 0xAF]))
    assert len(model.problems) == 3


def test_decode_a_whole_recording():
    stream = [(0x3C, WAKE_64), (0x3C, bytes([0x00, 0x21, 5, 5, 0x22, 7, 7])), (0x3C, b"\x40\x80")]
    assert lit_pixels(decode(stream)) == {(5, 63)}
