"""Board definitions: every file in board_defs/ loads, and a broken one is refused in one line."""

import os
import re

import pytest

from host_tools import boards
from pawtrack.boarddef import brightness_cap, core_board, strip_current_ma

EXPECTED = {"pico", "pico_w", "pico2", "feather_rp2040"}


def test_every_board_file_loads_and_derives_a_safe_cap():
    names = boards.board_names()
    assert EXPECTED <= set(names)
    for name in names:
        board = boards.load_board(name)
        core = core_board(board)
        assert len(core["track"]) >= 12
        assert core["track"][0] == board["track_start"]
        assert core["track"][-1] == board["track_pantry"]
        assert 1 <= core["max_brightness"] <= 255
        # The whole strip at full white under the cap stays inside the budget.
        worst = strip_current_ma(board["led_count"], core["max_brightness"])
        assert worst <= board["led_budget_ma"]


def test_architectures_follow_the_chip():
    assert boards.load_board("pico")["mpy_arch"] == "armv6m"
    assert boards.load_board("pico2")["mpy_arch"] == "armv7emsp"


def test_cap_formula_for_the_reference_strip():
    # (300 mA - 12 x 1 mA idle) * 255 / (12 LEDs x 60 mA full white) = 102
    assert brightness_cap(300, 12) == 102
    assert brightness_cap(5000, 12) == 255
    assert brightness_cap(10, 12) == 0


def mutated(tmp_path, change, name="pico"):
    """A copy of a board file with one textual change, loaded; returns the error line."""
    with open(boards.board_path(name), encoding="utf-8") as f:
        source = f.read()
    old, new = change
    assert old in source, old
    folder = tmp_path / "board_defs"
    folder.mkdir(exist_ok=True)
    path = folder / (name + ".py")
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(boards.BoardError) as caught:
        boards.load_board(str(path))
    message = str(caught.value)
    assert "\n" not in message
    return message


CASES = [
    (('"i2c_sda": 4,', ""), "i2c_sda: missing"),
    (('"ok": 11', '"ok": 40'), "buttons.ok: GPIO 40 is out of range 0-29"),
    (('"ok": 11', '"ok": 23'), "buttons.ok: GPIO 23 is not on this board's header"),
    (('"ok": 11', '"ok": 16'), "buttons.ok: GPIO 16 is already used by led_pin"),
    (('"ok": 11, ', ""), "buttons.ok: missing"),
    (('"back": 13', '"menu": 13'), "buttons.menu: unknown button"),
    (('"track_pantry": 11', '"track_pantry": 12'), "track_pantry: LED 12 is beyond the strip"),
    (('"track_pantry": 11', '"track_pantry": 10'), "track_hallway: the track uses an LED twice"),
    (("(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)", "(1, 2, 3)"), "track_hallway: has 3 LEDs"),
    (('"status_leds": ()', '"status_leds": (3,)'), "status_leds: LED 3 is also on the cat"),
    (('"i2c_sda": 4', '"i2c_sda": 6'), "i2c_sda: GPIO 6 cannot be SDA of I2C0"),
    (('"i2c_scl": 5', '"i2c_scl": "GP5"'), "i2c_scl: must be int"),
    (('"oled_height": 64', '"oled_height": 48'), "oled_height: 128x48 is not a supported panel"),
    (('"oled_height": 64', '"oled_height": 32'),
     "oled_height: 128x32 is not a supported panel: the screens are laid out for a 128x64 panel"
     " (a 128x32 panel would cut every game's bottom half)"),
    (('"oled_address": 0x3C', '"oled_address": 0x50'), "oled_address: 0x50 is not an SSD1306"),
    (('"mpy_arch": "armv6m"', '"mpy_arch": "armv7emsp"'), "mpy_arch: the rp2040 needs 'armv6m'"),
    (('"chip": "rp2040"', '"chip": "esp32"'), "chip: 'esp32' is not one of"),
    (('"led_budget_ma": 300', '"led_budget_ma": 5'), "led_budget_ma: 5 mA does not even cover"),
    (('"led_count": 12', '"led_count": 0'), "led_count: 0 is out of range 1-256"),
    (('"buzzer_pin": 15', '"buzzer_pin": 15, "buzer": 1'), "buzer: unknown field"),
    (('"buzzer_pin": 15', '"buzzer_pin": 15, "led_pin": 1'), "led_pin: given twice"),
    (('"name": "pico"', '"name": "pico2"'), "name: 'pico2' must match the file name 'pico'"),
    (('    15: "GP15 (pin 20)",\n', ""), "pin_labels: GPIO 15 (buzzer_pin) needs a label"),
    (('"gnd": "GND (pin 38)",', ""), "power_labels.gnd: missing"),
    (('"onboard_led": 25', '"onboard_led": "LED2"'), "onboard_led: must be a GPIO number or"),
    (("BOARD = {", "import os\nBOARD = {"), "line 10: only a docstring and one BOARD"),
    (('"i2c_freq": 400000', '"i2c_freq": 4 * 100000'), "BOARD: must hold plain literals only"),
    (("BOARD = {", "BOARD = {{"), "line 10:"),
    (('"runtimes": ("micropython", "circuitpython"),', ""), "runtimes: missing"),
    (('("micropython", "circuitpython")', '("micropython", "arduino")'), "runtimes: 'arduino'"),
    (('("micropython", "circuitpython")', "()"), "runtimes: must name at least one"),
    (('        15: "GP15",\n', ""), "GPIO 15 (buzzer_pin) needs its"),
    (('        25: "LED",\n', ""), "circuitpython_pins: GPIO 25 (onboard_led) needs"),
    (('15: "GP15"', '15: "GP 15"'), "circuitpython_pins: GPIO 15: 'GP 15' is not a pin name"),
    (('15: "GP15"', '15: "GP16"'), "circuitpython_pins: GP16 names GPIO 15 and"),
    (('15: "GP15"', '15: "GP15", 17: "GP17"'), "circuitpython_pins: GPIO 17 is not used"),
    (('("micropython", "circuitpython")', '("micropython",)'), "circuitpython_pins: given, but"),
]


def test_runtimes_of_each_board():
    both = ("micropython", "circuitpython")
    for name in ("pico", "feather_rp2040"):
        board = boards.load_board(name)
        assert all(boards.supports(board, runtime) for runtime in both)
    for name in ("pico_w", "pico2"):
        assert boards.load_board(name)["runtimes"] == ("micropython",)


@pytest.mark.parametrize("change, expected", CASES, ids=[c[1][:30] for c in CASES])
def test_a_broken_board_file_is_refused_naming_the_field(tmp_path, change, expected):
    message = mutated(tmp_path, change)
    assert message.startswith(os.path.join(str(tmp_path), "board_defs", "pico.py") + ": ")
    assert expected in message, message


def test_unknown_board_name_lists_the_known_ones():
    with pytest.raises(boards.BoardError, match=re.escape("no board named 'pico3'")) as caught:
        boards.load_board("pico3")
    assert "pico2" in str(caught.value)


def test_command_line_checks_every_board(capsys):
    assert boards.main([]) == 0
    out = capsys.readouterr().out
    assert out.count(" ok (") == len(boards.board_names())

