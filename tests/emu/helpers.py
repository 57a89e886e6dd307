"""Shared by the emulated-Pico tests: the simulator to compare with, and the serial log check."""

import json
import os

from host_tools.boards import load_board
from host_tools.sim.simulator import Simulator
from pawtrack.boarddef import core_board

SETTLE_SIM_MS = 1500  # the simulator's animations end well within this


def pico_simulator(state_dir=None):
    """The simulator with the Pico's board definition (LED count, brightness cap)."""
    return Simulator(state_dir=state_dir, board=core_board(load_board("pico")))


def protocol_events(pico, since=0):
    """The JSON events the firmware sent on its serial port (after byte offset since)."""
    events = []
    for line in bytes(pico.serial[since:]).decode(errors="replace").splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                events.append(json.loads(line))
            except ValueError:
                pass
    return events


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
