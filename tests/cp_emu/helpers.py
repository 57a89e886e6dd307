"""Shared by the emulated CircuitPython tests: protocol lines on the data port, the log check,
and the board played beside the simulator."""

import json
import os
import tempfile

from emu.helpers import pico_simulator, picture_text
from host_tools.emu import alongside, fat_drive
from host_tools.emu.circuitpython import clean
from host_tools.sim.simulator import parse_presses

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


def drive_folder(pico, folder):
    """The board's CIRCUITPY files copied into folder (for the firmware's code on the host)."""
    for path, data in fat_drive.read_files(pico.flash_image()).items():
        local = os.path.join(folder, *path.split("/"))
        os.makedirs(os.path.dirname(local), exist_ok=True)
        with open(local, "wb") as f:
            f.write(data)
    return folder


def saved_match(pico, game):
    """(the home picture the simulator draws with the board's drive, the saved actions)."""
    with tempfile.TemporaryDirectory() as folder:
        drive_folder(pico, folder)
        sim = pico_simulator(folder)
        match, _problem = sim.app.session.resume(game)
        return bytes(sim.frame), (match.actions(0, match.moves) if match is not None else None)


def play_alongside(pico, sim, script):
    """Each press word on the board and on the simulator at the same instant since power-on;
    after each, at rest, the panel picture and the LED colours must be the simulator's. A
    match the board starts gets, on the simulator, the seed it announced on its data port."""
    for step, (name, ms) in enumerate(parse_presses(script)):
        said = len(pico.data)

        def copy_seed(said=said):
            for event in protocol_events(pico, said):
                if event.get("ev") == "new":
                    sim.hal.new_seed = lambda seed=event["seed"]: seed

        alongside.press(pico, sim, name, ms, copy_seed)
        _same, leds, picture, expected = alongside.compare(pico, sim)
        where = "after press %d (%s) on %s" % (step + 1, name, sim.screen_name())
        assert picture_text(picture) == picture_text(expected), where
        assert leds, where
