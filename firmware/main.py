"""The device's entry point: the hardware layer from /board.py, then the referee.

MicroPython runs this file at power-up. The main menu comes first: it builds
the panel and the buttons from the board definition that ``make flash`` wrote
as /board.py, makes the app and draws the menu; only then does it load and
start the rest (the LED strip, sound, watchdog, the USB serial protocol, the
saved games and each game's own start-up), because on the Pico every module
takes milliseconds to load. Then it runs the loop (``Device.run``: the
watchdog is fed every pass; Ctrl-C stops it and leaves a REPL for mpremote).
``start()`` does everything but the loop, for a check that the firmware boots
to its menu.

Frozen or file: in the one-file firmware (`make uf2`) this file, the board
definition (``board``) and ``pawtrack`` are frozen into MicroPython. The rp2
port runs a frozen main.py in preference to a /main.py file, but imports search
sys.path = ['', '.frozen', '/lib'], so a /board.py or /pawtrack left on the
filesystem would shadow the frozen ones. ``frozen_first`` moves '.frozen' to the
front before anything of ours is imported: frozen modules always win, and the
filesystem holds data only. On stock MicroPython (`make flash`) nothing of ours
is frozen, so /board.py and /lib/pawtrack are found as before.
"""

import sys


def frozen_first(path=sys.path):
    """Search the modules frozen into the firmware before the filesystem."""
    if ".frozen" in path:
        path.remove(".frozen")
        path.insert(0, ".frozen")


frozen_first()

from board import BOARD  # noqa: E402 - after frozen_first, which decides where it comes from

from pawtrack import games  # noqa: E402
from pawtrack.hal.rp2.device import Device  # noqa: E402
from pawtrack.ui.app import App  # noqa: E402


def start(board=BOARD, **device_options):
    """Build the device, the app and the protocol; returns (device, app)."""
    device = Device(board, **device_options)  # the panel and the buttons
    app = App(device.hal, games.catalog(), defer_boot=True)
    app.step()  # the main menu on the panel, first
    device.start_rest()
    from pawtrack.protocol import Protocol

    protocol = Protocol(
        app, device.serial.send_line, board["name"], extra=device.protocol_commands()
    )
    device.attach(app, protocol)
    app.finish_boot()
    app.step()
    return device, app


def main():
    device, app = start()
    device.run(app)


if __name__ == "__main__":
    main()
