"""The bench's parts that run without the emulator: its press scripts, the heap probe's
readings, the statistics, the generated section of docs/performance.md, and the
flash rebuilt from a log of operations."""

import pytest

from host_tools.bench import probe, report, scripts
from host_tools.bench.stats import percentile, summary
from host_tools.boards import load_board
from host_tools.emu.flash_log import FlashLog, apply
from pawtrack import games


@pytest.mark.parametrize("script", scripts.load_all(), ids=lambda s: s.name)
def test_every_bench_script_parses_and_the_games_it_plays_end(script):
    assert scripts.check(script) == []
    assert script.presses


def test_there_is_a_whole_game_script_for_every_registered_game():
    played = set()
    for script in scripts.load_all():
        played.update(scripts.reference(script)["finished"])
    assert played == {game_id for game_id, _ in games.GAMES}


def test_a_script_that_stops_before_its_game_ends_is_reported():
    script = scripts.Script("short", "right right ok ok ok # the first roll only")
    assert scripts.check(script) == ["short: the chop game it plays does not end"]


def test_comments_run_to_the_end_of_the_line():
    script = scripts.Script("x", "ok # right\nleft:long  # and a comment\nwait:500")
    assert script.words == [("ok", 80), ("left", 700), ("wait", 500)]


MEM_INFO = (
    "bench-heap\r\nstack: 1668 out of 7936\r\n"
    "GC: total: 245888, used: 90256, free: 155632\r\n"
    " No. of 1-blocks: 936, 2-blocks: 292, max blk sz: 242, max free sz: 4687\r\n"
    "bench-probe-bytes 512\r\nbench-heap-end\r\n"
)


def test_the_probes_readings_are_parsed_from_the_serial_output():
    text = "noise" + MEM_INFO + '{"ev": "x"}\r\n' + MEM_INFO.replace("90256", "91000")
    readings = probe.parse_readings(text + "bench-heap\r\nGC: total: 1")  # a torn third one
    assert [r["used"] for r in readings] == [90256, 91000]
    first = readings[0]
    assert first["max_free"] == 4687 * 16 and first["stack"] == 1668 and first["probe"] == 512
    assert first["total"] == 245888 and first["free"] == 155632


def test_the_probe_uses_a_pin_the_board_leaves_free():
    board = load_board("pico")
    pin = probe.spare_pin(board)
    assert pin not in board["buttons"].values()
    assert pin not in (board["i2c_sda"], board["i2c_scl"], board["led_pin"])
    assert "machine.Pin(%d," % pin in probe.boot_py(pin)
    compile(probe.boot_py(pin), "boot.py", "exec")


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 50 and percentile(values, 0.95) == 95
    assert percentile([7], 0.95) == 7 and percentile([], 0.5) is None
    assert summary([3, 1, 2]) == {"n": 3, "p50": 2, "p95": 3, "max": 3}


def test_the_generated_section_replaces_only_what_is_between_the_markers(tmp_path):
    doc = tmp_path / "performance.md"
    doc.write_text(
        "# Title\n\n%s\nold figures\n%s\n\n## Notes\nkept\n" % (report.START, report.END)
    )
    report.write_section(str(doc), "| new | table |\n")
    text = doc.read_text()
    assert text == "# Title\n\n%s\n| new | table |\n%s\n\n## Notes\nkept\n" % (
        report.START,
        report.END,
    )
    bare = tmp_path / "bare.md"
    bare.write_text("# Only a title\n")
    report.write_section(str(bare), "figures")
    assert bare.read_text() == "# Only a title\n\n%s\nfigures\n%s\n" % (report.START, report.END)


def test_latency_summaries_leave_out_long_presses_and_presses_not_taken():
    rows = [
        {"long": False, "taken": True, "first_change_ms": 10.0, "complete_ms": 20.0,
         "led_ms": None, "bytes": 100},
        {"long": False, "taken": True, "first_change_ms": 30.0, "complete_ms": 45.0,
         "led_ms": 50.0, "bytes": 300},
        {"long": True, "taken": True, "first_change_ms": 1.0, "complete_ms": 2.0,
         "led_ms": None, "bytes": 5},
        {"long": False, "taken": False, "first_change_ms": 900.0, "complete_ms": 900.0,
         "led_ms": None, "bytes": 0},
        {"long": False, "taken": True, "first_change_ms": None, "complete_ms": None,
         "led_ms": None, "bytes": 0},
        {"long": False, "taken": True, "visible": False, "first_change_ms": 926.0,
         "complete_ms": 928.0, "led_ms": None, "bytes": 0},
    ]  # fmt: skip
    short = report.latency(rows)
    assert short["presses"] == 3 and short["unanswered"] == 1
    assert short["complete"] == {"n": 2, "p50": 20.0, "p95": 45.0, "max": 45.0}
    assert short["led"]["n"] == 1 and short["bytes"]["max"] == 300
    assert report.latency(rows, long=True)["complete"]["max"] == 2.0


def test_the_flash_log_follows_the_nor_rules():
    start = bytes([0xFF] * 8) + bytes([0xF0] * 8)
    program = {"index": 1, "op": "program", "offset": 100, "bytes": 8, "data": bytes([0x0F] * 8)}
    erase = {"index": 2, "op": "erase", "offset": 108, "bytes": 8}
    log = FlashLog(start, [program, erase], base=100)
    assert log.after(0) == start
    assert log.after(1) == bytes([0x0F] * 8) + bytes([0xF0] * 8)  # bits only cleared
    assert log.after(2) == bytes([0x0F] * 8) + bytes([0xFF] * 8)
    assert log.during(1, 0.5) == bytes([0x0F] * 4 + [0xFF] * 4) + bytes([0xF0] * 8)
    assert log.during(2, 0.3) == bytes([0x0F] * 8) + bytes([0xFF] * 2 + [0xF0] * 6)
    assert log.after(1) == bytes([0x0F] * 8) + bytes([0xF0] * 8)  # going back starts over
    image = bytearray(start)
    with pytest.raises(ValueError):
        apply(image, dict(program, offset=96), base=100)
    with pytest.raises(ValueError):
        apply(image, dict(program, data=None), base=100)


def test_the_reference_notes_which_presses_flip_their_control_first():
    # Start Cat & Mouse from the menu: "right" flips the highlight bar and the row below
    # (the bar moves at once); "ok" on the highlighted row flips it before the options
    # open. "left" on the first row wraps to the last: nothing to flip there.
    steps = scripts.reference(scripts.Script("x", "right right ok"))["steps"]
    assert [step["acked"] for step in steps] == [True, True, True]
    assert [step["flipped"] is not None for step in steps] == [True, True, True]
    assert [step["taken"] for step in steps] == [True, True, True]
    assert [step["changed"] for step in steps] == [True, True, True]
    steps = scripts.reference(scripts.Script("x", "left"))["steps"]
    assert [step["acked"] for step in steps] == [False]


def test_a_press_that_shows_nothing_new_is_noted():
    # back on the main menu has nowhere to go; a wait presses nothing.
    steps = scripts.reference(scripts.Script("x", "back wait"))["steps"]
    assert [step["changed"] for step in steps] == [False, False]


class _Pico:
    """What analyse reads of an emulated Pico: panel updates, LED frames, flash operations."""

    def __init__(self, frames, serial=b"", serial_chunks=(), boots=()):
        self.frames = frames
        self.leds = []
        self.flash_ops = []
        self.serial = bytearray(serial)
        self.serial_chunks = list(serial_chunks)  # (t_us, offset in serial)
        self.boots = list(boots)  # (t_us, reason)


def _update(start_us, first_change_us, done_us, sent=100):
    from host_tools.emu.panel import Update

    update = Update(start_us)
    update.first_change_us = first_change_us
    update.done_us = done_us
    update.bytes = sent
    return update


def test_the_answer_of_an_acknowledged_press_is_the_update_after_the_flip():
    from host_tools.bench.device import analyse

    presses = [
        {"name": "ok", "ms": 80, "word": 0, "down_us": 0, "event_us": 1000},
        {"name": "right", "ms": 80, "word": 1, "down_us": 200_000, "event_us": 201_000},
    ]
    steps = [{"acked": True, "taken": True, "screen": "S", "game": None},
             {"acked": False, "taken": True, "screen": "S", "game": None}]  # fmt: skip
    frames = [
        _update(3000, 4000, 6000),  # the flipped row
        _update(40_000, 41_000, 60_000),  # the next screen
        _update(203_000, 205_000, 209_000),  # the moved highlight
    ]
    ok, right = analyse(presses, _Pico(frames), steps)
    assert (ok["first_change_ms"], ok["feedback_ms"], ok["complete_ms"]) == (3.0, 5.0, 59.0)
    assert (right["first_change_ms"], right["feedback_ms"], right["complete_ms"]) == (
        4.0, 8.0, 8.0)  # fmt: skip


def test_a_flip_and_answer_carried_in_one_update_is_the_answer():
    # An option stepped on the options screen: the answer followed the flip within the
    # panel recorder's gap, so the bus shows one update whose picture is not the flip's;
    # the next press's update must not be taken for the answer.
    from host_tools.bench.device import analyse

    presses = [
        {"name": "ok", "ms": 80, "word": 0, "down_us": 0, "event_us": 1000},
        {"name": "ok", "ms": 80, "word": 1, "down_us": 200_000, "event_us": 201_000},
    ]
    flipped, answered, next_answer = bytes([1] * 8), bytes([2] * 8), bytes([3] * 8)
    steps = [{"acked": True, "flipped": flipped, "taken": True, "screen": "S", "game": None},
             {"acked": False, "taken": True, "screen": "S", "game": None}]  # fmt: skip
    frames = [_update(3000, 4000, 18_000), _update(203_000, 205_000, 230_000)]
    frames[0].picture, frames[1].picture = answered, next_answer
    first, _ = analyse(presses, _Pico(frames), steps)
    assert (first["feedback_ms"], first["complete_ms"]) == (17.0, 17.0)
    frames[0].picture = flipped  # the flip on its own: the answer is the next update
    first, _ = analyse(presses, _Pico(frames), steps)
    assert first["complete_ms"] == 229.0


def test_the_answer_of_a_switch_is_the_next_boots_first_picture():
    # Back from a game's options: the old boot says where it goes in its bottom row, the
    # board soft-resets, and the menu's boot draws; a CircuitPython reset is a boot.
    from host_tools.bench.device import analyse

    presses = [{"name": "back", "ms": 80, "word": 0, "down_us": 0, "event_us": 1000}]
    steps = [{"acked": False, "taken": True, "screen": "HomeScreen", "game": None, "boots": 1}]
    frames = [_update(20_000, 21_000, 30_000), _update(700_000, 702_000, 720_000)]
    serial = b"MPY: soft reboot\r\n"
    soft = _Pico(frames, serial=b"ok\r\n" + serial, serial_chunks=[(5000, 0), (40_000, 4)])
    reset = _Pico(frames, boots=[(0, "power"), (40_000, "watchdog reset")])
    for pico in (soft, reset):
        (row,) = analyse(presses, pico, steps)
        assert row["switch"] == "leave"
        assert (row["first_change_ms"], row["feedback_ms"]) == (20.0, 29.0)
        assert row["complete_ms"] == 719.0
    (row,) = analyse(presses, _Pico(frames), steps)  # no restart seen: not answered
    assert row["complete_ms"] is None


def test_a_blinking_screen_at_the_end_gives_each_of_its_pictures():
    # Mmm! at board level, after a roll: the squares a die may go on blink every 400 ms,
    # so the device's last picture is either phase; a menu at rest has one picture.
    blinking = scripts.reference(scripts.Script("x", "ok right ok left ok ok ok"))
    assert len(blinking["frames_at_rest"]) == 2
    assert blinking["frame"] == blinking["frames_at_rest"][0]
    still = scripts.reference(scripts.Script("x", "right"))
    assert still["frames_at_rest"] == [still["frame"]]


def press_row(complete_ms, switch=None):
    return {"long": False, "taken": True, "first_change_ms": 2.0, "feedback_ms": 6.0,
            "complete_ms": complete_ms, "led_ms": None, "bytes": 10, "switch": switch}  # fmt: skip


def test_switches_are_held_to_their_own_goals_and_the_soak_to_no_memory_error():
    presses = [
        press_row(20.0),
        press_row(30.0),
        press_row(380.0, "open"),
        press_row(900.0, "leave"),
    ]
    reading = {"word": 0, "game": "chop", "screen": "ChopScreen", "used": 9000, "probe": 100,
               "max_free": 60 * 1024, "stack": 500}  # fmt: skip
    soak = {"matches": 50, "switches": 120, "memory_errors": 1, "bad_answers": [],
            "lost_actions": [], "problems": [], "largest_free": {"chop": 70 * 1024}}  # fmt: skip
    curve = {size: {"boot_menu_ms": 200.0, "resumed_ms": 300.0, "undo_ms": 100.0,
                    "heap_during": [], "heap_after": {"max_free": 47 * 1024}}
             for size in (100, 1000, 5000, 10000)}  # fmt: skip
    build = {
        "label": "pawtrack UF2", "problems": [], "edges": 4, "boot": {"empty": {"menu_ms": 240.0}},
        "scripts": {"chop": {"flash": {"presses": presses}, "noflash": {"heap": [reading]}}},
        "soak": soak, "curve": curve,
    }  # fmt: skip
    goals = dict(report.goal_rows({"device": {"builds": {"uf2": build}}}))
    assert report.latency(presses)["complete"]["max"] == 30.0  # the switches left out
    assert goals["a Start press: the game's table (the switch included), max"]["uf2"][1] is False
    assert goals["other presses: release to the update complete, max <= 150 ms"]["uf2"][1]
    assert goals["the soak: 0 MemoryError in 50 matches or more"]["uf2"][1] is False
    assert goals["largest free block after a collection >= 48 KiB, everywhere"]["uf2"] == (
        "47.0 KiB",
        False,
    )
    assert goals["boot to the menu, nothing saved"]["uf2"][1] is True
    assert "10,000" in report.curve_section({"uf2": build}, ["uf2"], {"uf2": "UF2"})


class BoardSaid:
    """What an emulated CircuitPython board printed: its console and its data port."""

    def __init__(self, console, data):
        self.console = console
        self.data = bytearray(data)

    def console_text(self):
        return self.console


def test_the_circuitpython_bench_names_a_match_the_board_did_not_open():
    from host_tools.circuitpython.emu_bench import games_not_opened, problems

    ref = {"games": ["mmm"]}
    refused = BoardSaid("pawtrack: mmm did not start: MemoryError('x')\r\n", b'{"ev": "hello"}\n')
    assert problems(refused, ref) == ["MemoryError", "no match of mmm opened"]
    assert games_not_opened(refused, ref) == ["mmm"]
    opened = BoardSaid("", b'{"ev": "new", "game": "mmm", "seed": 3}\n')
    assert problems(opened, ref) == []
    resumed = BoardSaid("", b'{"ev": "resumed", "game": "mmm", "actions": 4}\n')
    assert problems(resumed, ref) == []
    assert problems(BoardSaid("", b""), {"games": []}) == []
