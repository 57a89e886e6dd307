"""Check an owner's own Mmm! board layout; print its JSON, or install it.

    python -m host_tools.mmm_layout GRID_FILE [--side 1|2]
    python -m host_tools.mmm_layout GRID_FILE [--side 1|2] --install [--port PORT]
    python -m host_tools.mmm_layout GRID_FILE [--side 1|2] --install --state [DIR]

GRID_FILE is a text grid like the EXAMPLE layouts in
``firmware/pawtrack/games/mmm/layouts.py`` (one line per row, one item name
per square, ``.`` for a square without food, an optional ``side N`` line), or
a layout JSON record to re-check; ``-`` reads standard input. The same
validation the device uses decides: items connected, sizes within the side's
limits, at most 49 squares. Owner's guide: docs/mmm-layouts.md.

Without ``--install``: prints the layout record as compact JSON.

``--install`` puts it on the board as that side's own layout (option
"Layout: own"), keeping the other side's. The board is found as ``make flash``
finds it (``--port``, or the one USB serial device: host_tools/flash.py), is
checked to answer as MicroPython, and then one call of the real mpremote runs
a few lines on it that call the firmware's own
``pawtrack.games.mmm.own_layouts.save_record`` on its flash, and resets it; at
start-up the firmware loads the layout. Why the board's own code rather than
copying a file there: the firmware that reads ``mmm_layouts.json`` is the one
that wrote it (same framing, same JSON, the record validated once more by the
code that will use it); the other side's record is merged from the board's
own file, with nothing read back to the host; and ``safe_write`` writes a
temporary file and renames it, so a cable pulled mid-install leaves the old
file or the new one, never half of one (``mpremote fs cp`` writes in place).
It needs the firmware on the board: ``make flash`` first.

``--install --state [DIR]`` does the same in the simulator's flash folder
(default build/sim-state, the one ``make sim`` uses), to try the layout in
the simulator first (``python -m host_tools.sim --state DIR`` for another folder).

Prints one line: the JSON, or what was installed where (exit status 0), or
``error: <reason>`` (exit status 1).
"""

import argparse
import json
import os
import sys

import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from pawtrack.files import OsFiles
from pawtrack.games.mmm import own_layouts
from pawtrack.games.mmm.layouts import item_sizes, parse_grid, validate

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM_STATE = os.path.join(ROOT, "build", "sim-state")
TAG = "PAWTRACK-LAYOUT "

# Runs on the board (mpremote exec): the firmware's own install, one tagged line back.
# The same files as the firmware's OsFiles("/"), named from "/" as the current
# folder (MicroPython's VfsPosix cannot rename between two absolute paths;
# LittleFS does not mind). After mpremote's soft reset the firmware bundle is
# not mounted: bundlefs.mount() mounts it again.
INSTALL_CODE = """
import json, os
try:
    import bundlefs
    bundlefs.mount()
except ImportError:
    pass
try:
    from pawtrack.files import OsFiles
    from pawtrack.games.mmm import own_layouts
except ImportError as e:
    _pt_r = {'missing': str(e)}
else:
    try:
        os.chdir('/')
        _pt_r = {'notice': own_layouts.save_record(OsFiles(''), json.loads(%(record)r))}
    except (ValueError, OSError) as e:
        _pt_r = {'error': str(e) or type(e).__name__}
print(%(tag)r + json.dumps(_pt_r))
"""


class InstallError(Exception):
    """A reason the layout was not installed, as one line."""


def check_text(text, side=None):
    """(layout record, None) or (None, reason) for grid or JSON text."""
    stripped = text.strip()
    try:
        if stripped.startswith("{"):
            try:
                layout = json.loads(stripped)
            except ValueError as error:
                return None, "not valid JSON: %s" % error
            if side is not None and isinstance(layout, dict):
                layout.setdefault("side", side)
            reason = validate(layout)
            return (None, reason) if reason else (layout, None)
        return parse_grid(text, side), None
    except ValueError as error:
        return None, str(error)


def describe(layout):
    sizes = item_sizes(layout)
    return "own layout for side %d (%d items, %d squares)" % (
        layout["side"],
        len(sizes),
        sum(size for _, _, size in sizes),
    )


def with_notice(line, notice, where):
    if notice:
        return "%s; the old file %s was damaged and set aside (%s)" % (line, where, notice)
    return line


def install_in_folder(layout, folder):
    """Install into a flash folder on this computer (the simulator's); returns the line to say."""
    try:
        os.makedirs(folder, exist_ok=True)
        notice = own_layouts.save_record(OsFiles(folder), layout)
    except OSError as error:
        raise InstallError("cannot write in %s: %s" % (folder, error.strerror or error)) from None
    line = "installed %s in %s" % (describe(layout), folder)
    return with_notice(line, notice, "there")


def install_code(layout):
    """The lines mpremote runs on the board."""
    record = json.dumps(layout, sort_keys=True, separators=(",", ":"))  # ASCII only
    return INSTALL_CODE % {"record": record, "tag": TAG}


def install_on_device(layout, port="auto", ports=None):
    """Install on the board with mpremote and reset it; returns the line to say."""
    from host_tools import flash

    try:
        port = flash.choose_port(port, flash.list_ports() if ports is None else ports)
        flash.handshake(port)
        out = flash.mpremote(port, ["exec", install_code(layout), "+", "reset"], timeout=60)
    except flash.FlashError as error:
        raise InstallError(str(error).replace("PORT=...", "--port PORT")) from None
    answer = None
    for line in out.splitlines():
        if line.startswith(TAG):
            answer = json.loads(line[len(TAG) :])
    if answer is None:
        said = " ".join(out.split())[:80]
        raise InstallError("%s did not answer the install (it said %r)" % (port, said))
    if "missing" in answer:
        raise InstallError(
            "%s has no pawtrack firmware that can install layouts (%s): run make flash first"
            % (port, answer["missing"])
        )
    if "error" in answer:
        raise InstallError("%s refused the layout: %s" % (port, answer["error"]))
    line = "installed %s on %s; reset" % (describe(layout), port)
    return with_notice(line, answer.get("notice"), "on the board")


def read_text(name):
    if name == "-":
        return sys.stdin.read()
    with open(name, encoding="utf-8") as handle:
        return handle.read()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("grid", help="text grid or layout JSON file ('-' for stdin)")
    parser.add_argument("--side", type=int, choices=(1, 2), help="board side if the file has none")
    parser.add_argument("--install", action="store_true", help="install it (default: on the board)")
    parser.add_argument("--port", help="with --install: the board's serial port (default: auto)")
    parser.add_argument(
        "--state",
        nargs="?",
        const=SIM_STATE,
        help="with --install: the simulator's flash folder instead (default build/sim-state)",
    )
    args = parser.parse_args(argv)
    try:
        text = read_text(args.grid)
    except OSError as error:
        print("error: cannot read %s: %s" % (args.grid, error.strerror))
        return 1
    layout, reason = check_text(text, args.side)
    if not reason and not args.install and (args.port or args.state):
        reason = "--port and --state go with --install"
    elif not reason and args.port and args.state:
        reason = "--port (a board) or --state (the simulator), not both"
    if reason:
        print("error: " + reason.replace("\n", " "))
        return 1
    if not args.install:
        print(json.dumps(layout, sort_keys=True, separators=(",", ":")))
        return 0
    try:
        if args.state:
            print(install_in_folder(layout, args.state))
        else:
            print(install_on_device(layout, args.port or "auto"))
    except InstallError as error:
        print("error: " + str(error).replace("\n", " "))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
