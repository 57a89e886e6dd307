"""The rp2 backend under MicroPython: its own tests, and its I2C bytes decoded into the
simulator's pictures through a run of button presses.

The firmware (main.py, the real rp2 backend and the app) runs in the MicroPython
WebAssembly interpreter on the stand-in ``machine`` module (tests/device/). Every
I2C write it makes is decoded by the SSD1306 model (host_tools/ssd1306_model.py);
after boot and after each press the decoded panel must show exactly what the
firmware drew and what the simulator shows for the same presses, and the strip
must hold the simulator's colours.
"""

import os
import re
import subprocess

import pytest

from host_tools import boards, mp_tests
from host_tools.bench import i2c as bench_i2c
from host_tools.sim.simulator import Simulator, parse_presses
from host_tools.ssd1306_model import Ssd1306Model
from pawtrack.boarddef import core_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_TESTS = os.path.join(ROOT, "tests", "device")
PRESSES = "right right ok back ok ok ok right ok ok:long back right ok left:long back"


def test_backend_tests_pass_under_micropython():
    result = subprocess.run(
        mp_tests.command(["--tests-dir", DEVICE_TESTS]),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    found = re.findall(r"MicroPython: (\d+) passed, (\d+) failed", result.stdout)
    assert found and int(found[-1][0]) >= 20 and found[-1][1] == "0", result.stdout


def test_the_fixture_board_is_a_valid_board_file():
    board = boards.load_board(os.path.join(DEVICE_TESTS, "fixture_board.py"))
    assert board["buttons"] == boards.load_board("pico")["buttons"]


def simulator_steps(board, presses, height):
    sim_board = core_board(board)
    sim_board["oled_height"] = height
    sim = Simulator(board=sim_board)
    sim.hal.new_seed = lambda: 12345  # the seed drive_presses.py gives the device
    steps = [(sim.frame, sim.leds(), sim.screen_name())]
    for name, ms in parse_presses(presses):
        sim.hold(name, ms)
        steps.append((sim.frame, sim.leds(), sim.screen_name()))
    return steps


@pytest.mark.parametrize("height", [64])
def test_decoded_i2c_bytes_show_the_simulators_picture_after_every_press(height):
    board = boards.load_board("pico")
    records = bench_i2c.drive("pico", PRESSES, height=height)
    expected = simulator_steps(board, PRESSES, height)
    assert len(records) == len(expected) == len(PRESSES.split()) + 1
    model = Ssd1306Model(height=height)
    screens = set()
    for record, (frame, leds, screen) in zip(records, expected, strict=True):
        for address, message in record["i2c"]:
            model.write(address, message)
        label = record["press"] or "boot"
        assert model.lit(), label
        assert model.picture_bytes() == record["frame"], label
        assert record["frame"] == frame, label
        assert [tuple(c) for c in record["leds"]] == leds, label
        assert record["screen"] == screen, label
        assert record["problems"] == []
        screens.add(screen)
    assert model.problems == []
    assert len(screens) >= 3  # the presses went through several screens


def test_each_press_sends_less_than_a_full_frame(capsys):
    records = bench_i2c.drive("pico", bench_i2c.DEFAULT_PRESSES)
    boot = bench_i2c.payload_bytes(records[0]["i2c"])
    assert boot < bench_i2c.FULL_FRAME + 40  # init + one frame + display on
    per_press = [bench_i2c.payload_bytes(r["i2c"]) for r in records[1:]]
    assert all(sent > 0 for sent in per_press), per_press
    # A press that stays on its screen sends less than a full frame; one that
    # opens another screen may change every page (a game's options screen with
    # its note line, back to the menu): at most a frame and its addressing.
    # That is the press's last update; one before it is the pressed look of the
    # control it acts on (App.acknowledge): a few columns of two pages, or the
    # highlight bar and the row it moves to (up to four pages).
    for before, record in zip(records, records[1:]):
        if record["switches"] != before["switches"]:
            # a press that switched boots (back from a game's options): the next boot
            # sends its whole first picture, as at power-on, then what changed after it
            assert all(sent < boot + 40 for sent in record["updates"]), record["updates"]
            continue
        assert all(sent <= bench_i2c.PRESSED_LOOK_MAX for sent in record["updates"][:-1])
        sent = record["updates"][-1]
        if record["screen"] == before["screen"]:
            assert sent < bench_i2c.FULL_FRAME, (record["press"], per_press)
        else:
            assert sent < bench_i2c.FULL_FRAME + 40, (record["press"], per_press)
    with capsys.disabled():
        print()
        print("\n".join(bench_i2c.report("pico")))


def test_without_an_oled_nothing_is_sent_and_the_referee_goes_on():
    board = boards.load_board("pico")
    records = bench_i2c.drive("pico", "ok ok right ok", absent=(0x3C,))
    for record in records:
        assert record["i2c"] == []
        assert record["problems"] == ["no OLED at 0x3C on I2C0 (SDA GPIO4, SCL GPIO5)"]
    # No note about the missing panel (nobody could read it, and it would eat
    # the first press): the device draws (in memory) what the simulator shows.
    assert records[0]["screen"] != "MessageScreen"
    expected = simulator_steps(board, "ok ok right ok", 64)
    for record, (frame, leds, screen) in zip(records, expected, strict=True):
        assert (record["frame"], record["screen"]) == (frame, screen)
        assert [tuple(c) for c in record["leds"]] == leds
    assert records[-1]["screen"] not in ("HomeScreen", "MessageScreen", "GameSetupScreen")
