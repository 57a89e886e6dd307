"""Build the referee's web page into build/web/ (what `make web` runs).

    python -m host_tools.web.build [--out build/web]

The page is static: index.html, page.js, style.css and the service worker
(host_tools/web/page/), the pinned MicroPython WebAssembly interpreter
(micropython.mjs and micropython.wasm, copied from node_modules), and
python.json: the firmware's ``pawtrack`` package (without the rp2 and
CircuitPython backends, which need a board) and the browser's Hal
(host_tools/web/browser_hal.py with the simulator's parts it builds on),
as {path inside the interpreter: source}. The page writes those files into
the interpreter's file system and imports them as the device does.

The service worker's cache name carries a hash of every file, so a new build
replaces what an earlier one left in a browser.
"""

import argparse
import hashlib
import json
import os
import shutil
import sys

from host_tools.sim.press_words import HOLD_MARGIN_MS, LONG_HOLD_MS, SHORT_HOLD_MS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "host_tools", "web", "page")
INTERPRETER = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
FIRMWARE = os.path.join(ROOT, "firmware")
# Backends that need a board's modules (machine, rp2, CircuitPython's); never imported here.
SKIPPED = ("pawtrack/hal/rp2/", "pawtrack/hal/circuitpython/")
# Stand-ins for the host packages' __init__ files, which reach for os.path (not in MicroPython).
HOST_PACKAGES = {
    "host_tools/__init__.py": '"""The host tools\' modules the web page runs."""\n',
    "host_tools/sim/__init__.py": '"""The simulator\'s parts the web page shares."""\n',
    "host_tools/web/__init__.py": '"""The browser\'s Hal."""\n',
}
HOST_MODULES = ("host_tools/sim/backend.py", "host_tools/web/browser_hal.py")
# The press lengths of the simulator's keys, for page.js: one source for both.
HOLDS = {"short": SHORT_HOLD_MS, "long": LONG_HOLD_MS, "margin": HOLD_MARGIN_MS}
PAGE_FILES = ("index.html", "page.js", "style.css", "sw.js", "icon.svg", "manifest.webmanifest")
INTERPRETER_FILES = ("micropython.mjs", "micropython.wasm")


def python_sources():
    """{path inside the interpreter: source text} for everything the page imports."""
    sources = {}
    package = os.path.join(FIRMWARE, "pawtrack")
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
            if rel.startswith(SKIPPED):
                continue
            with open(path, encoding="utf-8") as f:
                sources[rel] = f.read()
    sources.update(HOST_PACKAGES)
    for rel in HOST_MODULES:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            sources[rel] = f.read()
    return sources


def build(out):
    """Write the page into out; returns {file name: size in bytes}."""
    if not os.path.isdir(INTERPRETER):
        raise SystemExit("web: no %s; run make setup (npm ci) first" % INTERPRETER)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in INTERPRETER_FILES:
        shutil.copyfile(os.path.join(INTERPRETER, name), os.path.join(out, name))
    with open(os.path.join(out, "python.json"), "w", encoding="utf-8") as f:
        json.dump(python_sources(), f, separators=(",", ":"), sort_keys=True)
    for name in PAGE_FILES:
        if name == "page.js":
            with open(os.path.join(PAGE, name), encoding="utf-8") as f:
                script = f.read().replace("__HOLDS__", json.dumps(HOLDS))
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                f.write(script)
        elif name != "sw.js":
            shutil.copyfile(os.path.join(PAGE, name), os.path.join(out, name))
    digest = hashlib.sha256()
    cached = sorted(os.listdir(out))
    for name in cached:
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(PAGE, "sw.js"), encoding="utf-8") as f:
        worker = f.read()
    worker = worker.replace("__CACHE_NAME__", "pawtrack-" + digest.hexdigest()[:12])
    worker = worker.replace("__FILES__", json.dumps(["./"] + cached))
    with open(os.path.join(out, "sw.js"), "w", encoding="utf-8") as f:
        f.write(worker)
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.web.build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    args = parser.parse_args(argv)
    sizes = build(args.out)
    for name, size in sizes.items():
        print("  %-22s %8.1f KiB" % (name, size / 1024))
    print("web: %s, %.1f KiB in all; open it over http://, e.g."
          " python -m http.server -d %s" % (os.path.relpath(args.out, ROOT),
                                           sum(sizes.values()) / 1024,
                                           os.path.relpath(args.out, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
