"""The protocol's events among what a board said: its JSON lines, the rest skipped."""

import json


def protocol_events(said):
    """The JSON objects on the lines of ``said`` (bytes: a serial port's output); lines
    that are not JSON (the REPL's, MicroPython's soft-reboot notice) are skipped."""
    events = []
    for line in bytes(said).decode(errors="replace").splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                events.append(json.loads(line))
            except ValueError:
                pass
    return events
