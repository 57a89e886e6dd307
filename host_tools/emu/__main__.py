"""python -m host_tools.emu [--board pico]: the firmware on the emulated Pico in the terminal."""

import argparse
import sys

from host_tools.emu.firmware import EmulatorUnavailable, missing


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.emu", description=__doc__)
    parser.add_argument("--board", default="pico", help="a board_defs/ name (default pico)")
    args = parser.parse_args(argv)
    reason = missing()  # before the firmware files are built (seconds) for a board that can't run
    if reason:
        print("emu: %s" % reason, file=sys.stderr)
        return 1
    from host_tools.emu.terminal import run

    try:
        return run(args.board)
    except EmulatorUnavailable as reason:
        print("emu: %s" % reason, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
