"""A scripted session on the stand-ins shows exactly the simulator's pictures.

The real code.py builds the CircuitPython backend on the stand-in board; the
project's OLED driver and the real Adafruit ``neopixel`` (with
``adafruit_pixelbuf``) drive the recording ``busio.I2C`` and
``neopixel_write``. After boot and after every press, the project's
SSD1306 model (host_tools/ssd1306_model.py) decodes the I2C bytes into the
panel's picture, which must be the firmware's canvas and the simulator's frame
for the same presses; the strip's bytes must be the simulator's colours.
"""

import pytest

from host_tools import boards
from host_tools.bench import i2c as bench_i2c
from host_tools.sim.simulator import Simulator, parse_presses
from host_tools.ssd1306_model import Ssd1306Model
from pawtrack.boarddef import core_board

PRESSES = "right right ok back ok ok ok right ok ok:long back right ok left:long back"
FULL_FRAME = 1025
WINDOW = 7  # the command message that sets the column and page range


def simulator_steps(board, presses, height):
    sim_board = core_board(board)
    sim_board["oled_height"] = height
    sim = Simulator(board=sim_board)
    sim.hal.new_seed = lambda: 12345  # the seed the Driver gives the device
    steps = [(sim.frame, sim.leds(), sim.screen_name())]
    for name, ms in parse_presses(presses):
        sim.hold(name, ms)
        steps.append((sim.frame, sim.leds(), sim.screen_name()))
    return steps


def drive(board, tmp_path, presses, oled=True):
    from .kit import Driver

    return Driver(board, tmp_path, oled=oled).run(presses)


# The Pico is played on the real CircuitPython in tests/cp_emu; the emulator has no
# Feather RP2040 firmware, so that board stays here.
@pytest.mark.parametrize("name, height", [("feather_rp2040", 64)])
def test_decoded_i2c_bytes_show_the_simulators_picture_after_every_press(tmp_path, name, height):
    board = boards.load_board(name)
    board["oled_height"] = height
    records = drive(board, tmp_path, PRESSES)
    expected = simulator_steps(board, PRESSES, height)
    assert len(records) == len(expected) == len(PRESSES.split()) + 1
    model = Ssd1306Model(height=height, address=board["oled_address"])
    screens = set()
    for record, (frame, leds, screen) in zip(records, expected, strict=True):
        for address, message in record["i2c"]:
            model.write(address, message)
        label = record["press"] or "boot"
        assert model.lit(), label
        assert model.picture_bytes() == record["frame"], label
        assert record["frame"] == frame, label
        assert record["leds"] == leds, label
        assert record["screen"] == screen, label
        assert record["problems"] == [], label
        screens.add(screen)
    assert model.problems == []
    assert len(screens) >= 3  # the presses went through several screens


def test_no_press_sends_more_than_a_full_frame(tmp_path):
    records = drive(boards.load_board("pico"), tmp_path, bench_i2c.DEFAULT_PRESSES)
    # The last update of a press is its new picture; one before it is the pressed look
    # of the control it acts on (App.acknowledge): a few columns of two pages, or
    # the highlight bar and the row it moves to (up to four pages).
    # A picture that changed nearly everywhere goes as one whole frame, never as more.
    per_press = [r["updates"][-1] if r["updates"] else 0 for r in records[1:]]
    assert all(sent <= WINDOW + FULL_FRAME for sent in per_press), per_press
    assert sum(1 for sent in per_press if sent < FULL_FRAME // 4) >= len(per_press) // 2
    assert sum(1 for sent in per_press if sent) >= 8  # most presses change the picture
    for record in records[1:]:
        assert all(sent <= bench_i2c.PRESSED_LOOK_MAX for sent in record["updates"][:-1]), record
    # Every data message is a control byte 0x40 and pixels; every command message (the
    # window, the display switched on) starts 0x00.
    for record in records[1:]:
        for _, message in record["i2c"]:
            assert message[0] in (0x00, 0x40), message[:8]


def test_without_an_oled_nothing_is_sent_and_the_referee_goes_on(tmp_path):
    board = boards.load_board("pico")
    presses = "ok ok right ok"
    records = drive(board, tmp_path, presses, oled=False)
    expected = simulator_steps(board, presses, 64)
    for record, (frame, leds, screen) in zip(records, expected, strict=True):
        assert record["i2c"] == []
        assert record["problems"] == ["no OLED at 0x3C (SDA GP4, SCL GP5)"]
        assert (record["frame"], record["screen"]) == (frame, screen)
        assert record["leds"] == leds
    assert records[-1]["screen"] not in ("HomeScreen", "MessageScreen", "GameSetupScreen")
