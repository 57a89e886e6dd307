"""A MicroPython prompt on the device: what `make repl` runs.

    python -m host_tools.repl [--port auto|PORT]

Finds the port like `make flash` does (one USB serial device, or PORT) and
hands the terminal to mpremote's REPL (Ctrl-] or Ctrl-X leaves it). Ctrl-C
stops the referee's loop and gives the >>> prompt; Ctrl-D restarts it.
"""

import argparse
import subprocess
import sys

from host_tools.flash import FlashError, choose_port, list_ports


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", default="auto", help="serial port, or auto (default)")
    args = parser.parse_args(argv)
    try:
        port = choose_port(args.port, list_ports() if args.port == "auto" else [])
    except FlashError as error:
        print("repl: %s" % error, file=sys.stderr)
        return 1
    return subprocess.call([sys.executable, "-m", "mpremote", "connect", port, "repl"])


if __name__ == "__main__":
    sys.exit(main())
