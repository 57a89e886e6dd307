"""What boot.py does before the referee starts: serial ports and who may write CIRCUITPY.

``prepare(board)`` switches on the second USB serial port (``usb_cdc.data``)
for the protocol, next to the REPL console, and gives CIRCUITPY to the
referee (``storage.remount("/", readonly=False)``) so it can keep saved games
and settings; the computer then sees the drive read-only. Holding any of the
referee's buttons while the board powers up (or while pressing reset) leaves
the drive to the computer instead, for ``make flash`` or copying files by
hand; the referee then plays without saving. It returns the line boot.py
prints, which CircuitPython keeps in /boot_out.txt.
"""

import digitalio
import storage
import usb_cdc

from pawtrack.hal.circuitpython import pins

REFEREE = "pawtrack: CIRCUITPY belongs to the referee (hold a button at power-on to edit it)"
COMPUTER = "pawtrack: CIRCUITPY left to the computer (%s held at power-on): games are not saved"


def held_buttons(board):
    """The names of the buttons held down right now (active low, internal pull-ups)."""
    held = []
    for name in sorted(board["buttons"]):
        pin = digitalio.DigitalInOut(pins.pin(board, board["buttons"][name]))
        pin.switch_to_input(pull=digitalio.Pull.UP)
        if not pin.value:
            held.append(name)
        pin.deinit()
    return held


def prepare(board):
    usb_cdc.enable(console=True, data=True)
    held = held_buttons(board)
    if held:
        return COMPUTER % " and ".join(held)
    storage.remount("/", readonly=False)
    return REFEREE
