"""The pinned Adafruit libraries, installed without Adafruit-Blinka into build/circuitpython/libs.

    python -m host_tools.circuitpython.libs      # install if the pins changed; print the folder

``ensure()`` runs ``pip install --no-deps --target`` from ``requirements.txt``
beside this file whenever that file changed since the last install (a copy of
it is kept in the folder as the stamp), and returns the folder. Only these
libraries go there, so the folder can be put on ``sys.path`` without a
``board`` or ``neopixel`` of Blinka's shadowing anything.

``MODULES`` is what the firmware imports from them and what ``make flash``
copies to CIRCUITPY/lib: module files and package folders, as installed.
"""

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REQUIREMENTS = os.path.join(HERE, "requirements.txt")
LIBS = os.path.join(ROOT, "build", "circuitpython", "libs")
STAMP = "requirements.installed"

# What the backend needs, as pip lays it out (a .py module or a package folder).
MODULES = (
    "neopixel.py",
    "adafruit_pixelbuf.py",
)


class LibraryError(RuntimeError):
    """The libraries could not be installed; the message is one line."""


def pins():
    """{distribution name: version} from requirements.txt."""
    found = {}
    with open(REQUIREMENTS, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                name, _, version = line.partition("==")
                found[name.strip()] = version.strip()
    return found


def installed(folder=LIBS):
    """Whether the folder holds exactly what requirements.txt pins now."""
    stamp = os.path.join(folder, STAMP)
    if not os.path.exists(stamp):
        return False
    with open(stamp, encoding="utf-8") as a, open(REQUIREMENTS, encoding="utf-8") as b:
        same = a.read() == b.read()
    return same and all(os.path.exists(os.path.join(folder, m)) for m in MODULES)


def ensure(folder=LIBS):
    """Install the pinned libraries if needed; returns the folder."""
    if installed(folder):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    command = [
        sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--no-compile", "--target", folder, "-r", REQUIREMENTS,
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        said = (result.stderr or result.stdout).strip().splitlines()
        raise LibraryError(
            "cannot install the Adafruit libraries: %s" % (said[-1] if said else "pip failed")
        )
    shutil.copyfile(REQUIREMENTS, os.path.join(folder, STAMP))
    return folder


def main():
    try:
        print(ensure())
    except LibraryError as error:
        print("libs: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
