"""The serial protocol v1: one JSON object per line, host commands in, events out.

The same code runs on the device (USB CDC) and in the simulator's ``--serial``
mode (stdin/stdout). Every event the app emits goes out through the ``send``
callable as one JSON line as it happens, whether or not the host ever sent
anything. The transport hands ``Protocol.feed`` raw bytes as they arrive; each
complete line is read and answered by ``pawtrack.commands``, which is loaded
when the first line comes: a device nobody talks to does not hold the command
code (about 1 KiB of the Pico's heap). docs/protocol.md documents every
command and event with examples.

A ``deferred`` protocol (the device's) keeps its events back until
``flush()``, which the device's loop calls once a pass, after the screen was
drawn: turning an event into JSON and writing it takes 2-4 ms on the Pico,
which would otherwise come between a button press and its picture.
"""

import json

MAX_LINE = 1024


class Protocol:
    def __init__(self, app, send, board_name="", extra=None, deferred=False):
        self.app = app
        self.send = send
        self.outbox = [] if deferred else None
        self.board_name = board_name
        self.extra = extra  # the backend's own commands: {name: handler}
        self.commands = None  # pawtrack.commands.Commands, made when the first line comes
        self.partial = bytearray()
        self.overlong = False
        self.in_flight = None  # (the line being answered, the bytes that came after it)
        app.listeners.append(self.send_event)

    # -- transport -------------------------------------------------------------

    def feed(self, data):
        """Raw bytes from the host; handles every complete line in them."""
        for index, byte in enumerate(data):
            if byte == 10 or byte == 13:  # \n or \r ends a line
                if self.overlong:
                    self.overlong = False
                    self.error("too_long", "line longer than %d bytes" % MAX_LINE)
                elif self.partial:
                    line = bytes(self.partial)
                    self.partial = bytearray()
                    self.in_flight = (line, data[index + 1 :])
                    self.handle_line(line)
                    self.in_flight = None
                continue
            if self.overlong:
                continue
            if len(self.partial) >= MAX_LINE:
                self.overlong = True
                self.partial = bytearray()
                continue
            self.partial.append(byte)

    def handle_line(self, line):
        """One line from the host (bytes or str): read, checked and answered."""
        if self.commands is None:
            from pawtrack.commands import Commands

            self.commands = Commands(self)
        self.commands.handle_line(line)

    # -- a switch of boots (pawtrack.hal.launcher) -----------------------------------

    def carry_over(self, record):
        """Put the line whose answer a switch interrupted, and the bytes after it, in the
        launch record; a ``new`` or ``resume`` is done again by the next boot (``replay``
        in the record), any other line (a press) only answered."""
        if self.in_flight is None:
            return
        line, rest = self.in_flight
        record["request"] = line.decode()
        if self.partial:
            rest = bytes(rest) + bytes(self.partial)
        record["input"] = bytes(rest).decode()
        try:
            command = json.loads(record["request"]).get("cmd")
        except Exception:  # noqa: BLE001 - only well-formed lines reach a switch
            command = None
        if command == "new" or command == "resume":
            record["replay"] = True

    def answer_carried(self, record):
        """In the boot a switch started: the line the last boot was answering (done
        again, or only answered: ``carry_over``), then the bytes that came after it."""
        line = record.get("request")
        if not isinstance(line, str):
            return
        if self.commands is None:
            from pawtrack.commands import Commands

            self.commands = Commands(self)
        self.commands.handle_line(line, replayed=not record.get("replay"))
        rest = record.get("input")
        if isinstance(rest, str) and rest:
            self.feed(rest.encode())

    def send_event(self, event):
        if self.outbox is None:
            self.send(json.dumps(event))
        else:
            self.outbox.append(event)

    def flush(self):
        """Send the events a deferred protocol kept back, in order."""
        outbox = self.outbox
        while outbox:
            self.send(json.dumps(outbox.pop(0)))

    def error(self, code, reason, command_id=None):
        event = {"ev": "error", "code": code, "reason": reason}
        if command_id is not None:
            event["id"] = command_id
        self.send_event(event)
