"""The simulator: headless command line, menu navigation, settings kept, serial mode."""

import json
import os
import subprocess
import sys

from PIL import Image

from host_tools.screenshots import GOLDEN
from host_tools.sim.simulator import (
    WAIT_MAX_MS,
    PressError,
    Simulator,
    parse_presses,
)
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
    result = run_cli("--headless", "--press", "left ok", "--png", str(png), "--text")
    assert result.returncode == 0, result.stderr
    # The Settings page, pixel for pixel as the golden image the screenshots come from.
    golden = Image.open(os.path.join(GOLDEN, "settings.png")).convert("RGB")
    image = Image.open(png).convert("RGB")
    assert image.tobytes() == golden.tobytes()
    lines = result.stdout.splitlines()
    lit = [
        "".join("#" if golden.getpixel((x * 4, y * 4)) != (0, 0, 0) else "." for x in range(128))
        for y in range(64)
    ]
    assert lines[:64] == lit
    # The brightness row lights the whole strip white at level 3 of 5 (153 of 255).
    assert lines[64] == "leds: " + " ".join(["#999999"] * 12)
    assert lines[65] == "screen: SettingsScreen"
    assert len(lines) == 66


def test_headless_png_matches_text(tmp_path):
    png = tmp_path / "menu.png"
    result = run_cli("--headless", "--png", str(png), "--text")
    screen = result.stdout.splitlines()[:64]
    image = Image.open(png).convert("RGB")
    for y in range(64):
        for x in range(128):
            lit = image.getpixel((x * 4 + 1, y * 4 + 1)) != (0, 0, 0)
            assert lit == (screen[y][x] == "#"), (x, y)
    assert sum(line.count("#") for line in screen) > 500  # the menu, not a blank panel


def test_bad_press_is_a_one_line_error():
    for words, problem in (("jump", "unknown button"), ("ok:forever", "unknown press kind")):
        result = run_cli("--headless", "--press", words)
        assert result.returncode == 2
        assert result.stderr.strip().count("\n") == 0
        assert result.stderr.startswith("sim: ") and problem in result.stderr


def example_lines(doc):
    """The indented example commands of a tool's docstring, each stripped."""
    return [line.strip() for line in doc.splitlines() if line.startswith("    python -m ")]


def test_help_shows_the_examples_one_per_line():
    from host_tools.sim import __main__ as sim_main

    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    shown = [line.strip() for line in result.stdout.splitlines()]
    examples = example_lines(sim_main.__doc__)
    assert len(examples) == 5
    for example in examples:
        assert example in shown, example
    text = " ".join(shown)
    for words in ("BUTTON:MS", "ok:2000", "wait (until the animations are over", "wait:MS",
                  "a digit 1-9 before a key", "open:ROW"):
        assert words in text, words


def test_parse_presses():
    assert parse_presses("ok right,ok:long left:short") == [
        ("ok", 80), ("right", 80), ("ok", 700), ("left", 80)]
    assert parse_presses("ok:2000 wait back:5 wait:350") == [
        ("ok", 2000), ("wait", None), ("back", 5), ("wait", 350)]
    for bad, words in (
        ("ok:double", "unknown press kind 'double'"),
        ("jump", "unknown button 'jump'"),
        ("ok:0", "bad time '0'"),
        ("ok:60001", "bad time '60001'"),
        ("wait:soon", "bad time 'soon'"),
        ("ok:-5", "unknown press kind '-5'"),
    ):
        try:
            parse_presses(bad)
        except PressError as problem:
            assert words in str(problem), (bad, str(problem))
        else:
            raise AssertionError("%r must be refused" % bad)


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
    assert sim.app.screen.text_lines()[-1] == "Hold OK 2s to leave"
    sim.run("ok:1990")  # let go just too soon
    assert sim.screen_name() == "ButtonTestScreen"
    sim.run("ok:2000")  # what the screen asks for, as a press word
    assert sim.screen_name() == "SettingsScreen"


def test_button_test_leaves_on_a_three_button_board(tmp_path):
    sim = Simulator(state_dir=str(tmp_path), buttons=("left", "ok", "right"))
    sim.run("left ok right right ok")
    assert sim.screen_name() == "ButtonTestScreen"
    sim.run("left:800 left:2000")  # back, then undo, on this board: shown, not acted on
    assert sim.app.screen.log[-2:] == ["back short", "back long"]
    sim.run("ok:2000")
    assert sim.screen_name() == "SettingsScreen"


def after(presses):
    sim = Simulator()
    sim.run(presses)
    return sim


def test_wait_lets_the_animation_finish():
    # Dice & bag, three Mmm! dice rolled: they tumble for a while.
    tumbling = after("left left ok ok ok")
    assert tumbling.app.screen.started is not None
    waited = after("left left ok ok ok wait")
    assert waited.app.screen.started is None
    skipped = after("left left ok ok ok ok")  # a press skips the tumble: the same picture
    much_later = after("left left ok ok ok wait:9000")
    assert waited.frame == skipped.frame == much_later.frame != tumbling.frame
    assert waited.leds() == skipped.leds() == much_later.leds()
    assert waited.clock.now < much_later.clock.now
    # Mmm! (lite level: nothing blinks), a roll: the dice and the LEDs animate.
    rolled = after("ok right ok ok left ok ok")
    assert rolled.app.screen.animation is not None
    waited = after("ok right ok ok left ok ok wait")
    assert waited.app.screen.animation is None
    much_later = after("ok right ok ok left ok ok wait:9000")
    assert waited.frame == much_later.frame != rolled.frame
    assert waited.leds() == much_later.leds()


def test_wait_stops_on_a_screen_that_never_rests(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    # Mmm! at board level, rolled: the best place is offered and its square blinks for ever
    sim.run("ok right ok left ok ok wait")
    assert sim.app.screen.text_lines()[-1] == "> Cheese on Ch1"
    before = sim.clock.now
    sim.run("wait")
    assert sim.clock.now - before == WAIT_MAX_MS
    quiet = Simulator(state_dir=str(tmp_path / "menu"))
    quiet.run("wait")  # the menu does not move: one quiet second is enough
    assert quiet.clock.now < 1100


def test_wait_word_on_the_command_line():
    plain = run_cli("--headless", "--press", "left left ok ok ok", "--text")
    waited = run_cli("--headless", "--press", "left left ok ok ok wait", "--text")
    later = run_cli("--headless", "--press", "left left ok ok ok wait:9000", "--text")
    assert plain.returncode == waited.returncode == later.returncode == 0, waited.stderr
    assert waited.stdout == later.stdout != plain.stdout


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
