"""CircuitPython's figures for `make bench`: the stock CircuitPython 10.2.1 on the emulated Pico.

    python -m host_tools.circuitpython.emu_bench [--presses N]

The board gets what ``make flash RUNTIME=circuitpython`` copies, onto the
CIRCUITPY drive the firmware formatted at its first power-on (as tests/cp_emu
does), and the bench's own /code.py (``BENCH_CODE``): the referee's code.py
is copied as /pawtrack_start.py, and the bench's code.py starts it with one
more serial command, ``{"cmd": "heap"}``, which answers the free heap after a
collection and the largest block that can be had (the longest bytearray it
can make, found by halving). Nothing else changes; a user's board never gets
this code.py.

Measured, all in emulated time (cycle-counted, so the same on a busy host):

* boot: power-on to the first picture (the menu), and after CircuitPython's
  one-second safe-mode wait;
* every game's press script of host_tools/bench/scripts, its first N presses
  (``--presses``, default 30; whole games on CircuitPython would take the bench
  about an hour of wall time), from a fresh power-on each, played as the
  MicroPython bench plays them (host_tools/bench/device.py ``play`` and
  ``analyse``): release (or long) to the first changed OLED byte and to the
  complete answer, p50/p95/max over the presses that changed the picture.
  After a press that switches boots (Start, Resume, leaving a game: a reset
  into code.py), the next press waits until the next boot answers a hello on
  the data port (``wait_for_next_boot``): a press made during the reset is
  lost, as it would be on a real board, and the simulator, which switches at
  once, would be a press ahead. That wait is given too (release to the next
  boot taking presses);
* after each script, the heap command: free heap and largest free block;
* the flash operations of the presses in a game: erase/program time per press
  that wrote, on CircuitPython's FAT (each flush is a 4 KiB erase and 16 page
  programs);
* MemoryError, ImportError or a traceback anywhere on the console or the data
  port, and a game the simulator opened in the script whose match the board did
  not open (no ``new`` or ``resumed`` event: a refusal such as "Cannot start:
  memory allocation failed" is shown on the panel only). Such a script's heap
  is given with the problem named, and its presses are left out of the
  latencies and the flash figures: they were not a game's.

It prints its lines and a table, and returns the figures as a dict (what
``host_tools.bench`` puts in docs/performance.md). It skips, with the reason,
where the emulated CircuitPython cannot run.
"""

import argparse
import json
import sys
import time

from host_tools.bench import stats as bench_stats
from host_tools.bench.device import analyse, play
from host_tools.bench.scripts import Script, load_all, reference
from host_tools.circuitpython import flash, mpy_cross
from host_tools.emu import circuitpython, fat_drive
from host_tools.emu import protocol_events as events_in
from host_tools.emu.circuitpython import SAFE_MODE_WINDOW_MS, EmulatedCircuitPython

DEFAULT_PRESSES = 30
SWITCH_LIMIT_MS = 15000  # a press to the next boot's loop, at most
HELLO_AGAIN_MS = 2000  # a hello the next boot did not answer is asked again
FIRST_BOOT_MS = 4500
BAD_SIGNS = ("Traceback", "MemoryError", "ImportError", '"code": "screen"', '"code": "crash"')

BENCH_CODE = """\
# The pawtrack bench's code.py (host_tools/circuitpython/emu_bench.py): never on a user's board.
import gc

import pawtrack_start
from pawtrack.hal.circuitpython.device import Device


def heap(message):
    gc.collect()
    free = gc.mem_free()
    low, high = 0, free
    while low < high:
        size = (low + high + 1) // 2
        try:
            block = bytearray(size)
            del block
            low = size
        except MemoryError:
            high = size - 1
    gc.collect()
    return {"ev": "heap", "free": free, "largest": low}


_commands = Device.protocol_commands


def commands(self):
    found = _commands(self)
    found["heap"] = heap
    return found


Device.protocol_commands = commands
pawtrack_start.main()
"""


def say(text):
    print(text, flush=True)


def unavailable():
    """Why the bench cannot run CircuitPython here (one sentence), or None."""
    reason = circuitpython.missing()
    if reason:
        return reason
    try:
        mpy_cross.locate(allow_build=False)
    except mpy_cross.MpyCrossError as error:
        return str(error)
    return None


def flashed_image():
    """(flash after make flash RUNTIME=circuitpython with the bench's code.py, copied bytes)."""
    with EmulatedCircuitPython() as pico:
        pico.run_until(FIRST_BOOT_MS)
        formatted = pico.flash_image()
    said = []
    with fat_drive.mounted(formatted) as drive:
        flash.flash("pico", drive=drive.folder, say=said.append)
        with open(flash.os.path.join(flash.ENTRY, "code.py"), "rb") as f:
            real = f.read()
        with open(flash.os.path.join(drive.folder, "pawtrack_start.py"), "wb") as f:
            f.write(real)
        with open(flash.os.path.join(drive.folder, "code.py"), "w", encoding="utf-8") as f:
            f.write(BENCH_CODE)
    return drive.flash, said[-1]


def heap_reading(pico, limit_ms=10000):
    said = len(pico.data)
    pico.type_data('{"cmd": "heap", "id": "bench"}\n')
    end = pico.emulated_ms() + limit_ms
    while pico.emulated_ms() < end:
        pico.run_for(20)
        for line in bytes(pico.data[said:]).decode(errors="replace").splitlines():
            if '"bench"' in line:
                return json.loads(line)
    return None


def wait_for_next_boot(pico, boots, ports):
    """After a press that switches boots (a reset into code.py, pawtrack.hal.launcher): run
    until the next boot answers a hello on the data port, with the host's ports open again;
    returns that emulated ms, or None if it did not within SWITCH_LIMIT_MS. A press before
    then would be lost: the buttons exist again only once that boot has built the device."""
    end = pico.emulated_ms() + SWITCH_LIMIT_MS
    while (len(pico.boots) == boots or len(pico.usb_ready) == ports) and pico.emulated_ms() < end:
        pico.run_for(20)
    while pico.emulated_ms() < end:
        said = len(pico.data)
        pico.type_data('{"cmd": "hello", "id": "switched"}\n')
        asked = pico.emulated_ms()
        while pico.emulated_ms() < min(end, asked + HELLO_AGAIN_MS):
            pico.run_for(20)
            if any(e.get("id") == "switched" for e in events_in(pico.data[said:])):
                return pico.emulated_ms()
    return None


def games_not_opened(pico, ref):
    """The games whose match the simulator opened in the script but the board did not
    (its refusal, "Cannot start: ...", is only on the panel)."""
    opened = {e.get("game") for e in events_in(pico.data) if e.get("ev") in ("new", "resumed")}
    return [game for game in ref["games"] if game not in opened]


def problems(pico, ref):
    """What went wrong on the board: error words on its console or data port, and each
    game whose match did not open there."""
    text = pico.console_text() + bytes(pico.data).decode(errors="replace")
    found = [sign for sign in BAD_SIGNS if sign in text]
    return found + ["no match of %s opened" % game for game in games_not_opened(pico, ref)]


def truncated(script, presses):
    """The script's first words, up to `presses` presses."""
    words = []
    count = 0
    for word in script.words:
        if count == presses:
            break
        words.append(word)
        count += word[0] != "wait"
    text = " ".join(name if ms is None else "%s:%d" % (name, ms) for name, ms in words)
    cut = Script(script.name, text, script.path)
    cut.words = words
    return cut


def run_script(image, script, presses):
    cut = truncated(script, presses)
    ref = reference(cut)
    with EmulatedCircuitPython(flash_image=image) as pico:
        booted = pico.boot()
        played, _heap = play(pico, cut, ref["steps"], after_switch=wait_for_next_boot)
        rows = analyse(played, pico, ref["steps"])
        reading = heap_reading(pico)
        return {
            "script": script.name,
            "boot_ms": booted,
            "rows": rows,
            "switches_ms": [
                p["ready_ms"] - p["event_us"] / 1000 for p in played if p["ready_ms"] is not None
            ],
            "heap": reading,
            "problems": problems(pico, ref) + switches_not_finished(played, rows),
            "not_opened": games_not_opened(pico, ref),
            "emulated_ms": pico.emulated_ms(),
        }


def switches_not_finished(presses, rows):
    """A problem for each switching press whose next boot never took presses."""
    return [
        "no boot after %s (press %d)" % (row["name"], press["word"])
        for press, row in zip(presses, rows)
        if row["switch"] and press["ready_ms"] is None
    ]


def switch_summary(runs):
    """Release of a switching press to the next boot taking presses: p50/p95/max, or None."""
    values = [ms for run in runs for ms in run["switches_ms"]]
    return bench_stats.summary(values) if values else None


def latency(rows, field):
    values = [r[field] for r in rows if r["visible"] and r[field] is not None and not r["long"]]
    return bench_stats.summary(values) if values else None


def figures(presses=DEFAULT_PRESSES):
    started = time.monotonic()
    image, copied = flashed_image()
    say("circuitpython: " + copied)
    runs = []
    for script in load_all():
        if script.name == "menus":
            continue
        run = run_script(image, script, presses)
        runs.append(run)
        heap = run["heap"] or {}
        say(
            "circuitpython %-16s %2d presses, boot %.0f ms, heap free %.1f KiB (largest %.1f KiB)%s"
            % (run["script"], len(run["rows"]), run["boot_ms"] or -1,
               heap.get("free", 0) / 1024, heap.get("largest", 0) / 1024,
               "; " + ", ".join(run["problems"]) if run["problems"] else "")
        )  # fmt: skip
    # Presses on a refusal or after a crash are not a game's: only clean runs are timed.
    played = [run for run in runs if not run["problems"]]
    rows = [r for run in played for r in run["rows"]]
    in_game = [r for r in rows if r["game"] and r["flash_ops"]]
    boots = [run["boot_ms"] for run in runs if run["boot_ms"] is not None]
    return {
        "firmware": circuitpython.FIRMWARE_VERSION,
        "copied": copied,
        "presses_per_script": presses,
        "timed_scripts": [run["script"] for run in played],
        "boot_ms": min(boots) if boots else None,
        "boot_after_window_ms": min(boots) - SAFE_MODE_WINDOW_MS if boots else None,
        "first_change": latency(rows, "first_change_ms"),
        "complete": latency(rows, "complete_ms"),
        "switch_ready": switch_summary(played),
        "heap": {run["script"]: run["heap"] for run in runs},
        "flash_ms_per_writing_press": (
            sum(r["flash_ms"] for r in in_game) / len(in_game) if in_game else None
        ),
        "flash_ops_per_writing_press": (
            sum(r["flash_ops"] for r in in_game) / len(in_game) if in_game else None
        ),
        "memory_errors": sum("MemoryError" in run["problems"] for run in runs),
        "not_opened": sum(len(run["not_opened"]) for run in runs),
        "problems": {run["script"]: run["problems"] for run in runs if run["problems"]},
        "wall_s": time.monotonic() - started,
    }


def table(data):
    def triple(s):
        return "%.1f / %.1f / %.1f" % (s["p50"], s["p95"], s["max"]) if s else "-"

    lines = [
        "| %s, emulated Pico | |" % data["firmware"],
        "|---|---|",
        # what was copied, without the temporary drive's path: "113 copied (211955 bytes), ..."
        "| copied by make flash RUNTIME=circuitpython | %s |" % data["copied"].rsplit("): ", 1)[-1],
        "| boot to the menu | %.0f ms (%.0f ms after the 1 s safe-mode wait) |"
        % (data["boot_ms"], data["boot_after_window_ms"]),
        "| release to first changed byte, p50 / p95 / max | %s ms |" % triple(data["first_change"]),
        "| release to answer complete, p50 / p95 / max | %s ms |" % triple(data["complete"]),
        "| a switch (Start, Resume, leaving): release to the next boot taking presses, p50 /"
        " p95 / max | %s ms |" % triple(data.get("switch_ready")),
        "| flash per press that wrote (FAT) | %.1f ms, %.1f operations |"
        % (data["flash_ms_per_writing_press"] or 0, data["flash_ops_per_writing_press"] or 0),
        "| MemoryError | %d |" % data["memory_errors"],
        "| matches the simulator opened that the board did not | %d |"
        % data.get("not_opened", 0),
    ]
    problems = data.get("problems", {})
    for script, heap in sorted(data["heap"].items()):
        heap = heap or {}
        lines.append(
            "| heap after %s: free / largest block | %.1f / %.1f KiB%s |"
            % (script, heap.get("free", 0) / 1024, heap.get("largest", 0) / 1024,
               " (%s)" % ", ".join(problems[script]) if script in problems else "")
        )  # fmt: skip
    lines.append(
        "| presses | the first %d of each game script, a fresh power-on each; the latencies"
        " and flash figures are those of the scripts played without a problem: %s |"
        % (data["presses_per_script"], ", ".join(data.get("timed_scripts", [])) or "none")
    )
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=DEFAULT_PRESSES)
    args = parser.parse_args(argv)
    reason = unavailable()
    if reason:
        say("circuitpython: skipped: " + reason)
        return 0
    data = figures(args.presses)
    say(table(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
