"""A host client for the serial protocol, for a real device or the simulator.

    python -m host_tools.client --port sim hello
    python -m host_tools.client --port /dev/ttyACM0 new mmm --seed 7
    python -m host_tools.client --port sim script commands.jsonl

The port ``sim`` starts the simulator's ``--serial`` mode as a child process;
``circuitpython`` finds the data port of a board running CircuitPython
(host_tools/circuitpython/ports.py); anything else is opened with pyserial
(a device path or a pyserial URL), so tools and tests drive the device and
the simulator with the same code.
Problems come out as one line on stderr and exit status 1.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import serial

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TIMEOUT = 5.0


class ClientError(Exception):
    """Something a user can act on: no answer, a bad port, an error event."""


class SimPort:
    """The simulator's serial mode in a child process, with a serial-like face."""

    def __init__(self, state_dir=None):
        command = [sys.executable, "-m", "host_tools.sim", "--serial"]
        if state_dir:
            command += ["--state", state_dir]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )

    def write(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def readline(self):
        return self.process.stdout.readline()

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


def open_port(name, state_dir=None, timeout=DEFAULT_TIMEOUT):
    if name == "sim":
        return SimPort(state_dir)
    if name == "circuitpython":
        from host_tools.circuitpython.ports import PortError, data_port

        try:
            name = data_port()
        except PortError as problem:
            raise ClientError(str(problem)) from None
    try:
        return serial.serial_for_url(name, baudrate=115200, timeout=timeout)
    except (serial.SerialException, ValueError) as problem:
        raise ClientError("cannot open %s: %s" % (name, problem)) from problem


class Client:
    """Send commands, collect the events each one causes until its direct answer."""

    def __init__(self, port="sim", state_dir=None, timeout=DEFAULT_TIMEOUT):
        self.port = open_port(port, state_dir, timeout) if isinstance(port, str) else port
        self.timeout = timeout
        self.next_id = 1
        self.unsolicited = []

    def close(self):
        self.port.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def read_event(self, deadline):
        while True:
            if time.monotonic() > deadline:
                raise ClientError("no answer from the device within %.0f s" % self.timeout)
            line = self.port.readline()
            if not line:
                if isinstance(self.port, SimPort) and self.port.process.poll() is not None:
                    raise ClientError("the simulator stopped")
                continue
            text = line.decode("utf-8", "replace").strip()
            if not text.startswith("{"):
                continue  # REPL chatter or a boot banner, not protocol
            try:
                return json.loads(text)
            except ValueError:
                continue

    def send(self, command):
        """Send a command dict; returns (answer, events that came before it)."""
        command = dict(command)
        command["id"] = self.next_id
        self.next_id += 1
        self.port.write((json.dumps(command) + "\n").encode())
        deadline = time.monotonic() + self.timeout
        events = []
        while True:
            event = self.read_event(deadline)
            if event.get("id") == command["id"]:
                return event, events
            events.append(event)

    def call(self, command):
        """Like send, but an error answer raises ClientError with its reason."""
        answer, events = self.send(command)
        if answer.get("ev") == "error":
            raise ClientError("%s: %s" % (answer.get("code"), answer.get("reason")))
        return answer, events

    # -- the commands, by name --------------------------------------------------

    def hello(self):
        return self.call({"cmd": "hello"})[0]

    def new(self, game, seed=None, options=None):
        command = {"cmd": "new", "game": game}
        if seed is not None:
            command["seed"] = seed
        if options:
            command["options"] = options
        return self.call(command)

    def act(self, action):
        return self.call({"cmd": "act", "action": action})

    def undo(self):
        return self.call({"cmd": "undo"})

    def state(self):
        return self.call({"cmd": "state"})[0]

    def press(self, button, kind="short"):
        return self.call({"cmd": "press", "button": button, "kind": kind})[0]

    def screen(self):
        return self.call({"cmd": "screen"})[0]


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="python -m host_tools.client",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,  # keep the examples' lines
    )
    parser.add_argument(
        "--port",
        default="sim",
        help="sim, circuitpython (its data port), a serial device, or a pyserial URL",
    )
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("hello")
    sub.add_parser("state")
    sub.add_parser("screen")
    sub.add_parser("undo")
    new = sub.add_parser("new")
    new.add_argument("game")
    new.add_argument("--seed", type=int)
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    act = sub.add_parser("act")
    act.add_argument("action", nargs="+")
    press = sub.add_parser("press")
    press.add_argument("button")
    press.add_argument("--long", action="store_true")
    script = sub.add_parser("script", help="send each JSON line of a file, print every event")
    script.add_argument("file")
    return parser.parse_args(argv)


def option_value(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


def run(args, out=sys.stdout):
    with Client(args.port, timeout=args.timeout) as client:
        if args.command == "script":
            with open(args.file) as handle:
                for line in handle:
                    if line.strip():
                        answer, events = client.send(json.loads(line))
                        for event in events + [answer]:
                            print(json.dumps(event), file=out)
            return 0
        if args.command == "new":
            options = {}
            for pair in args.option:
                name, _, value = pair.partition("=")
                options[name] = option_value(value)
            answer, events = client.new(args.game, args.seed, options)
        elif args.command == "act":
            answer, events = client.act(" ".join(args.action))
        elif args.command == "undo":
            answer, events = client.undo()
        elif args.command == "press":
            answer, events = client.press(args.button, "long" if args.long else "short"), []
        else:
            answer, events = client.call({"cmd": args.command})
        for event in events + [answer]:
            print(json.dumps(event), file=out)
    return 0


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return run(args)
    except (ClientError, OSError, ValueError) as problem:
        print("client: %s" % problem, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
