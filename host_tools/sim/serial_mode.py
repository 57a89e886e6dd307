"""The simulator's --serial mode: the device's protocol on stdin and stdout.

Lines from stdin go to the same ``pawtrack.protocol.Protocol`` the device runs;
its events are written to stdout, one JSON object per line, flushed at once.
Between lines the app loop keeps running on a real clock, so animations and
held buttons behave as on the device. End of input ends the run.
"""

import os
import select
import sys
import tempfile

from host_tools.sim.backend import RealClock
from host_tools.sim.simulator import Simulator
from pawtrack.protocol import Protocol

LOOP_MS = 10


def run_serial(state_dir=None, stdin=None, stdout=None):
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    tmp = None
    if state_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="pawtrack-serial-")
        state_dir = tmp.name
    sim = Simulator(state_dir=state_dir, clock=RealClock())

    def send(line):
        stdout.write(line + "\n")
        stdout.flush()

    protocol = Protocol(sim.app, send, board_name=sim.hal.board["name"])
    fd = stdin.fileno()
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], LOOP_MS / 1000)
            if ready:
                data = os.read(fd, 4096)
                if not data:
                    break
                protocol.feed(data)
            sim.app.step()
    except KeyboardInterrupt:
        pass
    finally:
        if tmp is not None:
            tmp.cleanup()
    return 0
