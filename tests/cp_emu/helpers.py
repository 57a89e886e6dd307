"""Shared by the emulated CircuitPython tests: protocol lines on the data port, the log check."""

import json

from host_tools.emu.circuitpython import clean

BAD_WORDS = ("Traceback", "MemoryError", "ImportError", "Oops", "safe mode")


def protocol_events(pico, since=0):
    """The JSON events the referee sent on usb_cdc.data (after byte offset since)."""
    events = []
    for line in bytes(pico.data[since:]).decode(errors="replace").splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                events.append(json.loads(line))
            except ValueError:
                pass
    return events


def command(pico, message, run_ms=300, limit_ms=20000):
    """A protocol command on the data port; its answer."""
    said = len(pico.data)
    message = dict(message, id="t")
    pico.type_data(json.dumps(message) + "\n")
    end = pico.emulated_ms() + limit_ms
    while pico.emulated_ms() < end:
        pico.run_for(run_ms)
        answers = [e for e in protocol_events(pico, said) if e.get("id") == "t"]
        if answers:
            return answers[-1]
    raise AssertionError("no answer to %s: %r" % (message, bytes(pico.data[said:])[-300:]))


def assert_clean_logs(pico):
    """Nothing on the console or the data port says an error, and no crash event came."""
    for name, text in (("console", pico.console_text()), ("data port", clean(pico.data))):
        for bad in BAD_WORDS:
            assert bad not in text, "%s on the %s:\n%s" % (bad, name, text[-1500:])
    errors = [e for e in protocol_events(pico) if e.get("ev") == "error"]
    assert errors == [], errors
    assert pico.breakpoints == []
