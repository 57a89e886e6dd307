"""A pretend MicroPython board on a pseudo-terminal, for mpremote and the flashing tool.

    python -m host_tools.device_standin [--fs-dir DIR] [--platform webassembly|rp2]
                                        [--hardware] [--print-port] [--timeout SECONDS]

It opens a pseudo-terminal, prints its path (``/dev/pts/N``) and answers on it
like a board running MicroPython: friendly REPL, raw REPL, raw-paste mode,
Ctrl-C, soft and hard resets, boot.py/main.py. The Python code runs in the real
MicroPython WebAssembly interpreter (the npm package), one interpreter per boot.
The board's flash is the folder DIR (a new temporary folder without --fs-dir):
read at every boot, written back after every command. ``--platform rp2`` makes
the interpreter say it is a Raspberry Pi Pico (sys.platform, sys.implementation
with ``_mpy`` for armv6m, os.uname, banner, a 1408 KiB flash in os.statvfs).
``--hardware`` adds recording stand-ins of the hardware (``machine.Pin``,
``I2C`` with an OLED answering at 0x3C, ``PWM``, ``Timer``, ``WDT``,
``mem32`` and ``neopixel``, from tests/device), so the flashed firmware's
main.py runs the referee and speaks the serial protocol on the port:

    make flash PORT=/dev/pts/N && python -m host_tools.client --port /dev/pts/N hello

    mpremote connect /dev/pts/N fs cp main.py :main.py + exec "import main"

``running()`` starts one for a test. Details and limits: docs/device-standin.md.
"""

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

from host_tools.standin.supervisor import StandInError, Supervisor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ("webassembly", "rp2")


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="python -m host_tools.device_standin",
        description="A MicroPython board on a pseudo-terminal (WebAssembly MicroPython inside).",
    )
    parser.add_argument("--fs-dir", help="host folder that is the board's flash (kept)")
    parser.add_argument(
        "--platform",
        choices=PLATFORMS,
        default="webassembly",
        help="what the board says it is (default: webassembly)",
    )
    parser.add_argument(
        "--hardware",
        action="store_true",
        help="give machine recording pins, I2C (an OLED at 0x3C), PWM, timers, WDT"
        " and mem32, and neopixel, so the firmware's main.py runs",
    )
    parser.add_argument(
        "--print-port", action="store_true", help="print only the port path (first line)"
    )
    parser.add_argument(
        "--timeout", type=float, help="stop after this many seconds (default: when killed)"
    )
    parser.add_argument(
        "--interrupt-grace",
        type=float,
        default=1.0,
        help="seconds a Ctrl-C may stay unread before the interpreter is restarted",
    )
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    fs_dir = args.fs_dir or tempfile.mkdtemp(prefix="pawtrack-flash-")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        trace = os.environ.get("PAWTRACK_STANDIN_TRACE")
        supervisor = Supervisor(
            fs_dir, args.platform, args.interrupt_grace, trace=trace, hardware=args.hardware
        )
        port = supervisor.start()
    except StandInError as error:
        print("device stand-in: %s" % error, file=sys.stderr)
        return 1
    if args.print_port:
        print(port, flush=True)
    else:
        text = "MicroPython stand-in (%s%s) on %s, flash in %s; Ctrl-C stops it"
        extra = ", test hardware" if args.hardware else ""
        print(text % (args.platform, extra, port, fs_dir), flush=True)
    try:
        stop.wait(args.timeout)
    except KeyboardInterrupt:
        pass
    supervisor.stop()
    if not args.fs_dir:
        shutil.rmtree(fs_dir, ignore_errors=True)
    return 0


@contextlib.contextmanager
def running(fs_dir=None, platform="webassembly", extra_args=(), startup_timeout=30):
    """Run a stand-in in a subprocess for the duration of the block; yields its port path.

    After the block the stand-in has stopped and the flash folder is complete.
    """
    command = [sys.executable, "-m", "host_tools.device_standin", "--print-port"]
    command += ["--platform", platform, *extra_args]
    if fs_dir is not None:
        command += ["--fs-dir", str(fs_dir)]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        timer = threading.Timer(startup_timeout, proc.kill)
        timer.start()
        port = proc.stdout.readline().strip()
        timer.cancel()
        if not port:
            raise StandInError("the device stand-in did not start (status %s)" % proc.wait())
        yield port
    finally:
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()


if __name__ == "__main__":
    sys.exit(main())
