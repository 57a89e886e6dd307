"""The simulator: headless command line, menu navigation, settings kept, serial mode."""

import json
import os
import subprocess
import sys

from PIL import Image

from host_tools.sim.simulator import PressError, Simulator, parse_presses
from pawtrack import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.sim", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_headless_command_writes_png_and_text(tmp_path):
    png = tmp_path / "out.png"
    result = run_cli("--headless", "--press", "ok right ok:long", "--png", str(png), "--text")
    assert result.returncode == 0, result.stderr
    image = Image.open(png)
    assert image.size == (512, 256)
    lines = result.stdout.splitlines()
    screen = lines[:64]
    assert all(len(line) == 128 and set(line) <= {"#", "."} for line in screen)
    assert any("#" in line for line in screen)
    assert lines[64].startswith("leds: ")
    assert len(lines[64].split()) == 1 + 12


def test_headless_png_matches_text(tmp_path):
    png = tmp_path / "menu.png"
    result = run_cli("--headless", "--png", str(png), "--text")
    screen = result.stdout.splitlines()[:64]
    image = Image.open(png).convert("RGB")
    for y in (0, 5, 15, 30):
        for x in (0, 3, 20, 100):
            lit = image.getpixel((x * 4 + 1, y * 4 + 1)) != (0, 0, 0)
            assert lit == (screen[y][x] == "#"), (x, y)


def test_bad_press_is_a_one_line_error():
    result = run_cli("--headless", "--press", "jump")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "unknown button" in result.stderr


def example_lines(doc):
    """The indented example commands of a tool's docstring, each stripped."""
    return [line.strip() for line in doc.splitlines() if line.startswith("    python -m ")]


def test_help_shows_the_examples_one_per_line():
    from host_tools.sim import __main__ as sim_main

    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    shown = [line.strip() for line in result.stdout.splitlines()]
    examples = example_lines(sim_main.__doc__)
    assert len(examples) == 3
    for example in examples:
        assert example in shown, example


def test_parse_presses():
    assert parse_presses("ok right ok:long") == [("ok", False), ("right", False), ("ok", True)]
    try:
        parse_presses("ok:double")
    except PressError as problem:
        assert "double" in str(problem)
    else:
        raise AssertionError("a bad kind must be refused")


def test_menu_navigation_reaches_settings_and_back(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    assert sim.screen_name() == "HomeScreen"
    sim.run("left ok")
    assert sim.screen_name() == "SettingsScreen"
    sim.run("back")
    assert sim.screen_name() == "HomeScreen"


def test_settings_kept_across_restart(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    before = sim.app.settings.brightness
    sim.run("left ok ok right ok")  # brightness +1, sound toggled
    after = sim.app.settings
    assert after.brightness == before % 5 + 1
    assert after.sound is False
    again = Simulator(state_dir=str(tmp_path))
    assert again.app.settings.brightness == after.brightness
    assert again.app.settings.sound is False


def test_brightness_scales_the_leds(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run("left ok")  # settings, brightness row lights the strip white
    first = sim.leds()[0]
    sim.run("ok")  # brightness 3 -> 4
    second = sim.leds()[0]
    assert first[0] > 0
    assert second[0] > first[0]


def test_button_test_shows_presses_and_leaves_on_long_hold(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run("left ok right right ok")
    assert sim.screen_name() == "ButtonTestScreen"
    sim.run("left back")
    assert sim.screen_name() == "ButtonTestScreen"
    assert sim.app.screen.log[-2:] == ["left short", "back short"]
    sim.hold("ok", 2300)
    assert sim.screen_name() == "SettingsScreen"


def test_damaged_settings_are_reported_and_set_aside(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"garbage that is not a settings file")
    sim = Simulator(state_dir=str(tmp_path))
    assert sim.screen_name() == "MessageScreen"
    assert any("damaged" in line for line in sim.app.screen.text_lines())
    assert (tmp_path / "settings.json.bad").exists()
    sim.run("ok")
    assert sim.screen_name() == "HomeScreen"


def test_serial_mode_hello_press_screen():
    lines = [
        {"cmd": "hello", "id": 1},
        {"cmd": "press", "button": "left"},
        {"cmd": "press", "button": "ok"},
        {"cmd": "screen"},
        {"cmd": "state"},
    ]
    stdin = "".join(json.dumps(line) + "\n" for line in lines) + "not json\n"
    result = run_cli("--serial", stdin=stdin)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    by_kind = [event["ev"] for event in events]
    assert by_kind == ["hello", "pressed", "pressed", "screen", "state", "error"]
    hello = events[0]
    assert hello["protocol"] == 1 and hello["id"] == 1
    assert events[2]["screen"] == "SettingsScreen"
    assert len(events[3]["hex"]) == 2048
    assert events[4]["text"][0].startswith("> Brightness")
    assert events[5]["code"] == "bad_json"


def test_damaged_saved_game_is_reported_and_set_aside(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.app.start_match(games.find("chop"), {}, 5)
    sim.app.session.act("roll")
    head = tmp_path / "saves" / "chop" / "head"
    data = bytearray(head.read_bytes())
    data[12] ^= 0xFF  # damage the head's record
    head.write_bytes(bytes(data))
    again = Simulator(state_dir=str(tmp_path))
    assert again.screen_name() == "MessageScreen"
    assert " ".join(again.app.screen.text_lines()) == "Saved game damaged; set aside."
    assert (tmp_path / "saves" / "chop" / "head.bad").exists()
    again.run("ok")
    assert not any(label.startswith("Resume") for label in again.app.screen.entries())


def test_resume_offered_after_power_cut(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.app.start_match(games.find("chop"), {}, 5)
    sim.app.session.act("roll")
    before = sim.app.session.match.snapshot()
    again = Simulator(state_dir=str(tmp_path))
    assert again.app.screen.entries()[0] == "Resume Cat & Mouse"
    again.run("ok")
    assert again.app.session.match.snapshot() == before
