"""`make emu`'s keys without the emulator: the same keys as `make sim`, held on the board's clock,
and a missing firmware file named with where to get it before anything is built."""

import os

import pytest

from host_tools.emu import __main__ as emu_main
from host_tools.emu import terminal
from host_tools.emu.pico import GAP_MS
from host_tools.sim.simulator import LONG_HOLD_MS, SHORT_HOLD_MS
from host_tools.sim.terminal import KeyInput, split_keys


class FakePico:
    """Records pin changes; its clock is moved by the test, like a board running slowly."""

    board = {"name": "pico"}

    def __init__(self):
        self.now_ms = 1000.0
        self.pins = []  # (button, held, board ms it happens at)

    def emulated_ms(self):
        return self.now_ms

    def set_button(self, name, held, at_ms=None):
        at = self.now_ms if at_ms is None or at_ms < self.now_ms else at_ms
        self.pins.append((name, held, at))
        return at


def typed(text):
    keys = KeyInput()
    for key in split_keys(text):
        assert keys.key(key)
    return keys


def test_the_keys_of_make_sim_give_short_long_and_timed_holds():
    keys = typed("sS\tf2s\x1b[1;2Ca")
    assert keys.queue == [
        ("ok", SHORT_HOLD_MS),
        ("ok", LONG_HOLD_MS),  # Shift
        ("back", LONG_HOLD_MS),  # Tab, then the key: the undo
        ("ok", 2200),  # a digit, then the key: 2 s and a margin, leaves the button test
        ("right", LONG_HOLD_MS),  # Shift+arrow
        ("left", SHORT_HOLD_MS),
    ]


def test_holds_are_timed_on_the_boards_clock():
    pico = FakePico()
    keys = typed("\tf2s")
    presser = terminal.BoardKeys(pico, keys)
    assert presser.step()
    assert pico.pins == [("back", True, 1000.0), ("back", False, 1000.0 + LONG_HOLD_MS)]
    assert keys.status == "LONG press: back"
    # However much wall time passes, the next press waits for the board's release and gap.
    pico.now_ms += LONG_HOLD_MS + GAP_MS - 1
    assert not presser.step() and not presser.done()
    pico.now_ms += 1
    assert presser.step()
    down = pico.now_ms
    assert pico.pins[2:] == [("ok", True, down), ("ok", False, down + 2200)]
    assert keys.status == "hold 2 s: ok"
    pico.now_ms += 2200 + GAP_MS
    assert not presser.step() and presser.done()


def test_make_emu_without_the_firmware_files_says_where_to_get_them_at_once(
    monkeypatch, tmp_path, capsys
):
    monkeypatch.setenv("PAWTRACK_PICO_FIRMWARE", str(tmp_path / "none.uf2"))
    monkeypatch.setenv("PAWTRACK_PICO_BOOTROM", str(tmp_path / "none.bin"))

    def build(*args):
        pytest.fail("the firmware files were built before the check")

    monkeypatch.setattr(terminal, "starting_image", build)
    assert emu_main.main([]) == 1
    said = capsys.readouterr().err
    assert said.startswith("emu: the emulated Pico needs MicroPython 1.28.0"), said
    for words in (
        "micropython.org/download/RPI_PICO",
        "github.com/raspberrypi/pico-bootrom-rp2040",
        "PAWTRACK_PICO_FIRMWARE",
        "PAWTRACK_PICO_BOOTROM",
        str(tmp_path / "none.uf2"),
    ):
        assert words in said, words
    assert said.count("\n") == 1


def test_the_readme_says_where_to_get_them_in_the_same_words():
    from host_tools.emu.firmware import WHERE

    with open(os.path.join(terminal.ROOT, "README.md"), encoding="utf-8") as f:
        readme = " ".join(f.read().split())
    for variable, where in WHERE.items():
        assert variable in readme
        for place in (
            "micropython.org/download/RPI_PICO",
            "github.com/raspberrypi/pico-bootrom-rp2040",
        ):
            if place in where:
                assert place in readme, place
