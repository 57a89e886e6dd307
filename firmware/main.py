"""The device's entry point: the hardware layer from /board.py, then the referee.

MicroPython runs this file at power-up. It builds the ``Hal`` from the board
definition that ``make flash`` wrote as /board.py, starts the app with the
serial protocol, and runs the loop (``Device.run``: the watchdog is fed every
pass; Ctrl-C stops it and leaves a REPL for mpremote). ``start()`` does
everything but the loop, for a check that the firmware boots to its menu.
"""

from board import BOARD

from pawtrack import games
from pawtrack.hal.rp2.device import Device
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App


def start(board=BOARD, **device_options):
    """Build the device, the app and the protocol; returns (device, app)."""
    device = Device(board, **device_options)
    app = App(device.hal, games.catalog())
    protocol = Protocol(
        app, device.serial.send_line, board["name"], extra=device.protocol_commands()
    )
    device.attach(app, protocol)
    app.step()
    return device, app


def main():
    device, app = start()
    device.run(app)


if __name__ == "__main__":
    main()
