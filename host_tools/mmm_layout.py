"""Check an owner's own Mmm! board layout and print the JSON to install.

    python -m host_tools.mmm_layout GRID_FILE [--side 1|2]

GRID_FILE is a text grid like the EXAMPLE layouts in
``firmware/pawtrack/games/mmm/layouts.py`` (one line per row, one item name
per square, ``.`` for a square without food, an optional ``side N`` line), or
a layout JSON record to re-check; ``-`` reads standard input. The same
validation the device uses decides: items connected, sizes within the side's
limits, at most 49 squares.

Prints one line: the layout record as compact JSON (exit status 0), or
``error: <reason>`` (exit status 1).
"""

import argparse
import json
import sys

import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from pawtrack.games.mmm.layouts import parse_grid, validate


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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("grid", help="text grid or layout JSON file ('-' for stdin)")
    parser.add_argument("--side", type=int, choices=(1, 2), help="board side if the file has none")
    args = parser.parse_args(argv)
    try:
        if args.grid == "-":
            text = sys.stdin.read()
        else:
            with open(args.grid, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        print("error: cannot read %s: %s" % (args.grid, error.strerror))
        return 1
    layout, reason = check_text(text, args.side)
    if reason:
        print("error: " + reason.replace("\n", " "))
        return 1
    print(json.dumps(layout, sort_keys=True, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
