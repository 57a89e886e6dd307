"""Boot the real firmware (main.py + the rp2 backend) on the stand-in machine and press buttons.

    python -m host_tools.mp_tests --run tests/device/drive_presses.py BOARD_JSON "ok right ok:long"

Runs under the MicroPython WebAssembly interpreter. BOARD_JSON is a board
definition (host_tools.boards.load_board) as JSON. The board file is written
as board.py the way ``make flash`` does, main.start() builds the device on
the stand-in ``machine`` module, and each press moves the
button's pin like a finger would, on a virtual clock with the simulator's
timing (host_tools/sim/simulator.py: a loop pass at the press, then 5 ms loop
passes, 80 ms short and 700 ms long holds, 120 ms gaps). After boot and after
each press it prints one JSON line: the press, the I2C writes since the line
before ([address, hex]), the canvas buffer (hex), the last strip colours and
the problems.
"""

import json
import os
import sys

import machine
from device_kit import SerialInput, SerialOutput

from pawtrack.hal.launcher import Switch
from pawtrack.hal.virtual_clock import VirtualClock

STEP_MS = 5
SHORT_HOLD_MS = 80
LONG_HOLD_MS = 700
GAP_MS = 120
SEED = 12345


def hex_of(data):
    return "".join("%02x" % b for b in data)


def write_board_file(board, folder):
    """board.py as make flash writes it: BOARD = {...}."""
    try:
        os.mkdir(folder)
    except OSError:
        pass
    with open(folder + "/board.py", "w") as f:
        f.write("BOARD = " + repr(board) + "\n")
    if folder not in sys.path:
        sys.path.insert(0, folder)


class Driver:
    def __init__(self, board):
        self.clock = VirtualClock()
        write_board_file(board, "/flash")
        self.board = board
        self.logged = 0
        self.shown_at = []  # len(machine.I2C.log) after each panel update
        self.switches = 0  # soft resets into another boot so far
        self.boot()

    def boot(self):
        """main.start(), as at power-on or after a switch's soft reset."""
        import main

        self.device, self.app = main.start(
            self.board,
            clock=self.clock,
            files_root="/flash",
            stdin=SerialInput(),
            stdout=SerialOutput(),
        )
        self.device.hal.new_seed = lambda: SEED
        canvas = type(self.device.oled)
        if not getattr(canvas, "noted", False):  # the class's: a switch's next boot too
            canvas.show = self.noting(canvas.show)
            canvas.show_area = self.noting(canvas.show_area)
            canvas.noted = True

    def loop_pass(self):
        """One pass of Device.run's loop; a switch restarts as the device does."""
        try:
            self.app.step()
            self.device.loop()
        except Switch as switch:
            try:
                self.device.switch(self.app, switch.record)
            except machine.SoftResetRequested:
                pass
            self.switches += 1
            self.boot()

    def advance(self, ms):
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.sleep_ms(STEP_MS)
            self.loop_pass()

    def press(self, name, long=False):
        pin = self.device.board["buttons"][name]
        machine.drive(pin, 0)
        self.loop_pass()  # a loop pass right at the press, as the simulator does
        self.advance(LONG_HOLD_MS if long else SHORT_HOLD_MS)
        machine.drive(pin, None)
        self.advance(GAP_MS)

    def noting(self, update):
        """update, which also notes where in the I2C log it ended."""

        def update_and_note(*args):
            update(*args)
            self.shown_at.append(len(machine.I2C.log))

        return update_and_note

    def updates_since(self, first):
        """The I2C payload bytes of each panel update since log position ``first``."""
        sizes = []
        start = first
        for end in self.shown_at:
            if end > start:
                sizes.append(sum(len(data) for _, data in machine.I2C.log[start:end]))
                start = end
        return sizes

    def report(self, word):
        writes = machine.I2C.log[self.logged :]
        updates = self.updates_since(self.logged)
        self.logged = len(machine.I2C.log)
        strip = machine.strip_writes
        print(
            json.dumps(
                {
                    "press": word,
                    "i2c": [[address, hex_of(data)] for address, data in writes],
                    "updates": updates,
                    "frame": hex_of(self.device.oled.buffer),
                    "leds": strip[-1] if strip else None,
                    "screen": type(self.app.screen).__name__,
                    "switches": self.switches,
                    "problems": list(self.device.hal.problems),
                }
            )
        )


def main_script(argv):
    board = json.loads(argv[1])
    presses = argv[2].split() if len(argv) > 2 else []
    absent = argv[3].split(",") if len(argv) > 3 and argv[3] else []
    for address in absent:
        machine.i2c_devices.discard(int(address, 16))
    driver = Driver(board)
    driver.report("")
    for word in presses:
        name, _, kind = word.partition(":")
        driver.press(name, kind == "long")
        driver.report(word)


main_script(sys.argv)
