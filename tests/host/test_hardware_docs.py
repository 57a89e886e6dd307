"""hardware/: the generated wiring tables, diagrams, Wokwi diagram and power budget match
the board files, and the budget fits a USB port."""

import json
import xml.etree.ElementTree as ElementTree

from host_tools import boards, power_budget, wiring
from pawtrack.boarddef import brightness_cap


def test_committed_wiring_files_match_the_generator():
    assert wiring.stale(wiring.outputs()) == []


def test_committed_power_budget_matches_the_generator():
    with open(power_budget.POWER_DOC, encoding="utf-8") as f:
        assert f.read() == power_budget.power_markdown()


def test_a_changed_pin_makes_the_check_fail(tmp_path, monkeypatch):
    monkeypatch.setattr(wiring, "WIRING_DIR", str(tmp_path))
    monkeypatch.setattr(wiring, "WOKWI_DIAGRAM", str(tmp_path / "diagram.json"))
    files = wiring.outputs()
    for path, text in files.items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    assert wiring.stale(files) == []
    with open(str(tmp_path / "pico.md"), "w", encoding="utf-8") as f:
        f.write(files[str(tmp_path / "pico.md")].replace("GP16", "GP17"))
    assert wiring.stale(files) == [str(tmp_path / "pico.md")]


def test_every_wire_lands_on_a_pin_of_the_board_file():
    for name in boards.board_names():
        board = boards.load_board(name)
        used = {pin for _, pin in boards.used_pins(board)}
        wired = {w.board_pin for w in wiring.connections(board) if isinstance(w.board_pin, int)}
        assert wired == used
        table = wiring.wiring_markdown(board)
        for pin in used:
            assert "| %s | GPIO%d |" % (board["pin_labels"][pin], pin) in table
        ElementTree.fromstring(wiring.wiring_svg(board))  # well-formed SVG


def test_wokwi_diagram_wires_the_reference_pins():
    board = boards.load_board("pico")
    diagram = json.loads(wiring.wokwi_diagram(board))
    links = {(a, b) for a, b, _, _ in diagram["connections"]}
    assert ("oled:SDA", "pico:GP%d" % board["i2c_sda"]) in links
    assert ("oled:SCL", "pico:GP%d" % board["i2c_scl"]) in links
    assert ("pico:GP%d" % board["led_pin"], "r_din:1") in links
    for name, pin in board["buttons"].items():
        assert ("button_%s:1.l" % name, "pico:GP%d" % pin) in links
    strip = [p for p in diagram["parts"] if p["id"] == "strip"][0]
    assert strip["attrs"]["pixels"] == str(board["led_count"])
    ids = [p["id"] for p in diagram["parts"]]
    assert len(ids) == len(set(ids))
    for a, b, _, _ in diagram["connections"]:
        for end in (a, b):
            assert end.startswith("$serialMonitor") or end.split(":")[0] in ids


def test_every_board_stays_inside_a_usb_port():
    for name in boards.board_names():
        board = boards.load_board(name)
        assert brightness_cap(board["led_budget_ma"], board["led_count"]) >= 1
        assert board["led_budget_ma"] + power_budget.others_ma() <= power_budget.USB_MA
