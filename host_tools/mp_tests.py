"""Run the core tests under MicroPython (WebAssembly build) via host_tools/mp/runner.mjs.

    python -m host_tools.mp_tests [runner options] [test files...]
    python -m host_tools.mp_tests --run SCRIPT.py [args...]

A thin wrapper so that `make test` has a Python entry point: it finds Node,
checks that the npm dependencies are installed, passes every argument through
and exits with the runner's status (non-zero on any failure). See the runner's
header comment for the options and for how to measure heap use.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "host_tools", "mp", "runner.mjs")
PACKAGE = os.path.join(
    ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript", "package.json"
)


def command(args):
    """The node command line that runs the runner with args."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("mp_tests: node (Node.js 18 or newer) is not on PATH")
    if not os.path.exists(PACKAGE):
        raise SystemExit("mp_tests: MicroPython WebAssembly package missing; run `npm ci` first")
    return [node, RUNNER, *args]


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    return subprocess.call(command(args))


if __name__ == "__main__":
    sys.exit(main())
