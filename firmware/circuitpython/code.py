"""The CircuitPython entry point (copied to CIRCUITPY as /code.py): board file, device, referee.

CircuitPython runs code.py after boot.py. It builds the device from
/pawtrack_board.py (the board file; ``board`` is CircuitPython's own module),
starts the app with the serial protocol on the second USB port, and runs the
loop. ``start()`` does everything but the loop, as main.py's does on
MicroPython.
"""

from pawtrack_board import BOARD

from pawtrack import games
from pawtrack.hal.circuitpython.device import Device
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App


def start(board=BOARD, **device_options):
    """Build the device, the app and the protocol; returns (device, app).

    The boot opens what the launch record the last one left says (the main menu
    at power-on; a game's match after a switch: pawtrack.hal.launcher), and
    answers the protocol line that switch interrupted, if any."""
    device = Device(board, **device_options)
    record = device.hal.launcher.take()
    app = App(device.hal, games.catalog(), defer_boot=True, record=record)
    protocol = Protocol(
        app, device.serial.send_line, board["name"], extra=device.protocol_commands()
    )
    device.attach(app, protocol)
    app.finish_boot()  # after attach: the events of the match this boot opens go out
    if record is not None:
        protocol.answer_carried(record)
    app.step()
    return device, app


def main():
    device, app = start()
    device.run(app)


if __name__ == "__main__":
    main()
