"""make bench: print the numbers that matter, with the machine and the date.

    python -m host_tools.bench

Sections: .mpy size, work per frame (CPython and MicroPython-WebAssembly),
heap of the app under MicroPython, and every game or driver benchmark script
present in host_tools/ (bench_*.py), each run as its own process. Results go
into docs/performance.md by hand, with the machine and date printed here.
"""

import datetime
import os
import platform
import subprocess
import sys
import time

from host_tools.compile import compile_all

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def section(title):
    print("\n## " + title, flush=True)


def mpy_sizes():
    section(".mpy size (mpy-cross -march=armv6m)")
    compiled, failures = compile_all("armv6m", MPY_TREE)
    total = sum(size for _, size in compiled)
    print("mpy_total %d bytes in %d files" % (total, len(compiled)))
    for name, size in sorted(compiled, key=lambda item: -item[1])[:8]:
        print("  %-45s %6d bytes" % (name, size))
    per_game = {}
    for name, size in compiled:
        parts = name.replace(os.sep, "/").split("/")
        if len(parts) > 3 and parts[:2] == ["pawtrack", "games"]:
            files, total = per_game.get(parts[2], (0, 0))
            per_game[parts[2]] = (files + 1, total + size)
    for game_id in sorted(per_game):
        files, total = per_game[game_id]
        print("mpy_game_%s %d bytes in %d files" % (game_id, total, files))
    if failures:
        print("  compile failures: %d" % len(failures))


def frame_work_cpython():
    section("work per frame (CPython, pure-Python canvas)")
    from host_tools.sim.simulator import Simulator
    from pawtrack.ui.canvas import Canvas

    calls = {"fill_rect": 0}
    original = Canvas.fill_rect

    def counting(self, *args):
        calls["fill_rect"] += 1
        return original(self, *args)

    sim = Simulator()
    Canvas.fill_rect = counting
    try:
        for scene, presses in (("menu", ""), ("settings", "left ok")):
            sim = Simulator()
            sim.run(presses)
            calls["fill_rect"] = 0
            start = time.perf_counter()
            for _ in range(20):
                sim.app.render()
            per_frame = (time.perf_counter() - start) / 20
            print(
                "frame_%s %.2f ms, %d fill_rect calls"
                % (scene, per_frame * 1000, calls["fill_rect"] // 20)
            )
    finally:
        Canvas.fill_rect = original


MPY_TREE = os.path.join(ROOT, "build", "bench-mpy")


def run_mp_script(path, firmware=None):
    command = ["node", os.path.join(ROOT, "host_tools", "mp_runner.mjs")]
    if firmware:
        command += ["--firmware", firmware]
    command += ["--run", path]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    for line in result.stderr.splitlines():
        print("  " + line)
    return result.returncode


def micropython_app():
    # The firmware as the device loads it: the .mpy files mpy-cross made above
    # (bytecode .mpy loads on any port of the same mpy version), so no heap
    # goes to compiling source.
    section("app under MicroPython (WebAssembly, loading the armv6m .mpy): heap and frame time")
    run_mp_script(os.path.join(ROOT, "host_tools", "bench", "mp_app.py"), MPY_TREE)


def other_benches():
    for name in sorted(os.listdir(os.path.join(ROOT, "host_tools"))):
        if name.startswith("bench_") and name.endswith(".py"):
            section(name[:-3])
            subprocess.run([sys.executable, "-m", "host_tools." + name[:-3]], cwd=ROOT)


def main():
    print("# pawtrack benchmarks")
    print("machine: %s, %s, %d cores, Python %s" % (
        platform.machine(), platform.system(), os.cpu_count() or 0, platform.python_version()))
    print("date: %s" % datetime.date.today().isoformat())
    mpy_sizes()
    frame_work_cpython()
    micropython_app()
    other_benches()
    return 0


if __name__ == "__main__":
    sys.exit(main())
