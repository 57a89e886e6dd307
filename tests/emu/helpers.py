"""Shared by the emulated-Pico tests: the simulator to compare with, the serial log check,
protocol commands, and what the firmware's own code on the host makes of a flash image."""

import json
import os
import tempfile

from host_tools.boards import load_board
from host_tools.emu import alongside
from host_tools.emu import protocol_events as events_in
from host_tools.emu.fs_image import read_files
from host_tools.sim import render
from host_tools.sim.simulator import Simulator, parse_presses
from pawtrack.boarddef import core_board


def pico_simulator(state_dir=None):
    """The simulator with the Pico's board definition (LED count, brightness cap)."""
    return Simulator(state_dir=state_dir, board=core_board(load_board("pico")))


def protocol_events(pico, since=0):
    """The JSON events the firmware sent on its serial port (after byte offset since)."""
    return events_in(pico.serial[since:])


def serial_since(pico, t_us):
    """What the device said from emulated time t_us on."""
    offsets = [offset for t, offset in pico.serial_chunks if t >= t_us]
    return bytes(pico.serial[offsets[0] :]) if offsets else b""


def assert_clean_serial(pico, since_us=0):
    """No traceback and no error from an interrupt handler in what the device said (from
    emulated time since_us on: mpremote's own probing leaves tracebacks before)."""
    text = serial_since(pico, since_us).decode(errors="replace")
    for bad in ("Traceback", "Uncaught exception in IRQ", "MemoryError"):
        assert bad not in text, "%s in the serial log:\n%s" % (bad, text[-1500:])
    assert pico.breakpoints == []


def files_of(pico, folder):
    """Copy the board's filesystem into folder (for the firmware's own code on the host)."""
    for path, data in pico.files().items():
        local = os.path.join(folder, path.lstrip("/"))
        os.makedirs(os.path.dirname(local), exist_ok=True)
        with open(local, "wb") as f:
            f.write(data)
    return folder


def command(pico, message, run_ms=400, limit_ms=20000):
    """A protocol command typed on the serial port; its answer."""
    said = len(pico.serial)
    message = dict(message, id="t")
    pico.type(json.dumps(message) + "\n")
    end = pico.emulated_ms() + limit_ms
    while pico.emulated_ms() < end:
        pico.run_for(run_ms)
        answers = [e for e in protocol_events(pico, said) if e.get("id") == "t"]
        if answers:
            return answers[-1]
    raise AssertionError("no answer to %s: %r" % (message, bytes(pico.serial[said:])[-300:]))


def canonical(snapshot):
    return json.loads(json.dumps(snapshot)) if snapshot is not None else None


def on_host(fs_image):
    """What the firmware's own code makes of a filesystem image, on the host:
    (the screen the simulator shows at power-on, its home picture, the saved match's
    snapshot or None)."""
    with tempfile.TemporaryDirectory() as folder:
        for path, data in read_files(fs_image).items():
            local = os.path.join(folder, path.lstrip("/"))
            os.makedirs(os.path.dirname(local), exist_ok=True)
            with open(local, "wb") as f:
                f.write(data)
        sim = pico_simulator(folder)
        screen = sim.screen_name()
        frame = bytes(sim.frame)
        game = sim.app.session.latest_saved()
        if game is None:
            return screen, frame, None
        match, problem = sim.app.session.resume(game)
        assert problem is None, problem
        return screen, frame, canonical(match.snapshot())


def picture_text(frame):
    return "\n".join(render.as_text(frame))


def play_alongside(pico, sim, script):
    """Each press word of ``script`` on the board and on the simulator at the same instant
    since power-on (host_tools/emu/alongside.py); after each, once the board is at rest,
    the panel picture and the LED colours must be the simulator's. A match the board
    starts gets, on the simulator, the seed the board announced on its serial port."""
    for step, (name, ms) in enumerate(parse_presses(script)):
        said = len(pico.serial)

        def copy_seed(said=said):
            for event in protocol_events(pico, said):
                if event.get("ev") == "new":
                    sim.hal.new_seed = lambda seed=event["seed"]: seed

        alongside.press(pico, sim, name, ms, copy_seed)
        _same, leds, picture, expected = alongside.compare(pico, sim)
        where = "after press %d (%s) on %s" % (step + 1, name, sim.screen_name())
        assert picture_text(picture) == picture_text(expected), where
        assert leds, where
