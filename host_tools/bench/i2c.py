"""How many I2C bytes the OLED driver sends per button press, against a full 1025-byte frame.

    python -m host_tools.bench.i2c [--board pico] [--height 64] [--presses "right right ok ..."]

Boots the real firmware (main.py and the rp2 backend) under the MicroPython
WebAssembly interpreter on the stand-in ``machine`` module
(tests/device/drive_presses.py), presses the buttons with the simulator's
timing, and counts the I2C payload bytes of each press (control bytes and
commands included; the address byte of each message is not, as in the 1025 of
a full frame: one control byte plus 1024 bytes of pixels). At 400 kHz an I2C
byte takes 9 bit times, 22.5 us: a full frame about 23 ms.

``drive()`` is also what the tests use to compare the decoded picture with
the simulator's.
"""

import argparse
import json
import os
import subprocess
import sys

from host_tools import mp_tests
from host_tools.boards import load_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tests", "device", "drive_presses.py")
FULL_FRAME = 1025
# The pressed look of a control (ui.app App.acknowledge): at most four pages of the
# panel's width (a highlight bar and the row it moves to, 9-pixel rows that each
# straddle a page boundary) as one rectangle: its 7-byte window command, then the
# data with a control byte (whole rows: one message; narrower: one per page).
PRESSED_LOOK_MAX = 7 + 1 + 4 * 128
US_PER_BYTE_400K = 22.5
DEFAULT_PRESSES = "right right right left ok right right left back right ok back"


def board_json(board_name, height=None):
    board = load_board(board_name)
    if height is not None:
        board["oled_height"] = height
    return json.dumps(board)


def drive(board_name="pico", presses="", height=None, absent=()):
    """Run the presses on the firmware; one record per step (boot first), as dicts."""
    args = [SCRIPT, board_json(board_name, height), presses, ",".join("%x" % a for a in absent)]
    result = subprocess.run(
        mp_tests.command(["--run", *args]), capture_output=True, text=True, timeout=300
    )
    if result.returncode != 0:
        raise RuntimeError("drive_presses failed:\n" + result.stdout[-2000:] + result.stderr)
    records = []
    for line in result.stdout.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            record["i2c"] = [(address, bytes.fromhex(data)) for address, data in record["i2c"]]
            record["frame"] = bytes.fromhex(record["frame"])
            records.append(record)
    return records


def payload_bytes(writes):
    return sum(len(data) for _, data in writes)


def report(board_name="pico", presses=DEFAULT_PRESSES, height=None):
    """Lines of text: bytes and messages per press, and the average."""
    records = drive(board_name, presses, height)
    lines = ["I2C bytes per press (%s, 128x%d OLED):" % (board_name, height or 64)]
    total = 0
    for record in records:
        sent = payload_bytes(record["i2c"])
        label = record["press"] or "(boot: init + first frame)"
        lines.append(
            "  %-28s %5d bytes in %2d messages  %6.2f ms at 400 kHz"
            % (label, sent, len(record["i2c"]), sent * US_PER_BYTE_400K / 1000)
        )
        if record["press"]:
            total += sent
    count = max(1, len(records) - 1)
    average = total / count
    lines.append(
        "  average per press: %.0f bytes = %.0f%% of a full frame (%d bytes)"
        % (average, 100 * average / FULL_FRAME, FULL_FRAME)
    )
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="pico")
    parser.add_argument("--height", type=int, choices=(64,))
    parser.add_argument("--presses", default=DEFAULT_PRESSES)
    args = parser.parse_args(argv)
    for line in report(args.board, args.presses, args.height):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
