"""Whole games played by buttons (host_tools/bench/scripts/*.txt), under MicroPython.

    python -m host_tools.bench_press_scripts

Each script runs from power-on in a fresh WebAssembly MicroPython loading the
armv6m ``.mpy`` files (as the device does) and prints its number of presses,
the median and slowest press (press handling plus the redraw), whether the
game ended, and on the indented lines the runner's live heap peak. These are
WebAssembly figures: a rough guide to compare games, never the Pico's.
"""

import os
import subprocess
import sys

from host_tools.bench import press_scripts
from host_tools.compile import compile_all

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_TREE = os.path.join(ROOT, "build", "bench-mpy")


def main():
    if not os.path.isdir(os.path.join(MPY_TREE, "pawtrack")):
        compile_all("armv6m", MPY_TREE)
    runner = os.path.join(ROOT, "host_tools", "mp_runner.mjs")
    script = os.path.join(ROOT, "host_tools", "bench", "mp_presses.py")
    failed = 0
    for name, path in press_scripts.scripts():
        presses = press_scripts.read(path).split()
        print("### %s" % name, flush=True)
        result = subprocess.run(
            ["node", runner, "--firmware", MPY_TREE, "--run", script] + presses,
            cwd=ROOT, capture_output=True, text=True,
        )
        sys.stdout.write(result.stdout)
        for line in result.stderr.splitlines():
            print("  " + line)
        failed += result.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
