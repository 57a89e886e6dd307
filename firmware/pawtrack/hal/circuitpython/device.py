"""The whole device under CircuitPython, built from the board definition.

``Device(BOARD)`` makes every part from the board file's pins, named for
CircuitPython by its ``circuitpython_pins`` (nothing is touched before it is
called): the OLED canvas, the LED strip, the buttons, the beeper, the board
LED, the watchdog, the serial link on the second USB port, the files on
CIRCUITPY, and the ``Hal`` that ``pawtrack.ui.app.App`` runs on. code.py then
creates the App and the serial Protocol, ``attach``es them and calls ``run``,
as main.py does under MicroPython (the differences are listed in this
package's ``__init__``).

``loop()`` is the app's ``on_loop``, once per pass: serial bytes to the
protocol, the watchdog fed, a missing OLED retried, a tone ended, the board
LED blinked. ``run`` stops the watchdog on Ctrl-C (the REPL stays usable) and
restarts the board a few seconds after any other exception, even when saying so
fails for want of memory (code.py must never end with the board idle).
"""

import gc
import json

import microcontroller

from pawtrack.boarddef import core_board
from pawtrack.hal import Hal
from pawtrack.hal.circuitpython import pins
from pawtrack.hal.circuitpython.beeper import Beeper
from pawtrack.hal.circuitpython.buttons import Buttons
from pawtrack.hal.circuitpython.clock import Clock
from pawtrack.hal.circuitpython.oled import Panel
from pawtrack.hal.circuitpython.status_led import StatusLed
from pawtrack.hal.circuitpython.storage_files import open_files
from pawtrack.hal.circuitpython.strip import Strip
from pawtrack.hal.circuitpython.usb_serial import UsbSerial
from pawtrack.hal.circuitpython.watchdog import Watchdog
from pawtrack.hal.launcher import Launcher, Switch
from pawtrack.hal.oled import OledCanvas
from pawtrack.hal.problems import ProblemList

RESTART_DELAY_MS = 5000


class Device:
    def __init__(self, board, clock=None, files_root="/", serial_port=None):
        board = core_board(board)
        self.board = board
        self.clock = clock if clock is not None else Clock()
        self.problems = ProblemList()
        self.app = None
        self.protocol = None

        def pin_for(gpio):
            return pins.pin(board, gpio)

        sda = board["i2c_sda"]
        scl = board["i2c_scl"]
        panel = Panel(
            pin_for(scl),
            pin_for(sda),
            board["i2c_freq"],
            board["oled_address"],
            board["oled_width"],
            board["oled_height"],
        )
        where = "(SDA %s, SCL %s)" % (pins.describe(board, sda), pins.describe(board, scl))
        self.oled = OledCanvas(panel, self.clock, self.problems, where)
        self.strip = Strip(pin_for(board["led_pin"]), board["led_count"], board["max_brightness"])
        self.strip.off()
        self.buttons = Buttons(board["buttons"], pin_for)
        buzzer = board.get("buzzer_pin")
        self.beeper = Beeper(pin_for(buzzer), self.clock) if buzzer is not None else None
        led = board.get("onboard_led")
        self.status_led = StatusLed(pin_for(led), self.clock) if led is not None else None
        self.watchdog = Watchdog()
        self.serial = UsbSerial(serial_port)
        if self.serial.problem:
            self.problems.report("serial", self.serial.problem)
        files, storage_problem = open_files(files_root)
        if storage_problem:
            self.problems.report("storage", storage_problem)

        if not self.oled.start():
            self.boot_blinks(self.problems.blink_code())

        self.hal = Hal(
            display=self.oled,
            leds=self.strip,
            buttons=self.buttons,
            clock=self.clock,
            files=files,
            board=board,
            beeper=self.beeper,
            keep_alive=self.watchdog.feed,
            idle=gc.collect,
            launcher=Launcher(files, microcontroller.reset),
        )
        self.hal.problems = self.problems.lines  # the same list, kept up to date

    def boot_blinks(self, count):
        """Blink the cat's start LED red ``count`` times (before the app owns the strip)."""
        from pawtrack.hal.blink import boot_blinks

        boot_blinks(self.strip, self.clock, self.board["track"][0], count)

    def protocol_commands(self):
        """Extra serial commands this backend answers: {"cmd": "problems"}."""
        return {"problems": self.problems.command}

    def attach(self, app, protocol):
        """Connect the app and its protocol; problem events kept since boot go out now."""
        self.app = app
        self.protocol = protocol
        self.problems.attach(app.emit)

    def loop(self):
        """Once per pass of the app loop (its on_loop)."""
        data = self.serial.poll_input()
        if data:
            self.protocol.feed(data)
        self.watchdog.feed()
        now = self.clock.ticks_ms()
        if self.oled.retry(now):
            self.app.dirty = True  # the panel came back: draw the whole picture
        if self.beeper is not None:
            self.beeper.tick(now)
        if self.status_led is not None:
            self.status_led.tick(now, self.problems.blink_code())

    def stop_outputs(self):
        self.strip.off()
        if self.beeper is not None:
            self.beeper.off()
        if self.status_led is not None:
            self.status_led.off()

    def switch(self, app, record):
        """Reload into the boot ``record`` opens (pawtrack.hal.launcher), at the top of the
        loop: first the work kept for a still screen, then this pass's events; a protocol
        line in flight goes into the record, to be answered by the next boot. The
        watchdog stops: it would outlive the reload."""
        try:
            app.finish_still_work()
            if self.protocol is not None:
                self.protocol.flush()
                self.protocol.carry_over(record)
        finally:
            self.watchdog.stop()
        self.hal.launcher.restart_with(record)

    def run(self, app):
        """The app loop with the watchdog, until Ctrl-C (to the REPL), a switch to another
        boot (``microcontroller.reset``: code.py again on a fresh heap) or a crash (restart)."""
        self.watchdog.start()
        try:
            app.run(self.loop)
        except Switch as switch:
            self.switch(app, switch.record)
        except KeyboardInterrupt:
            self.watchdog.stop()
            self.stop_outputs()
            raise
        except Exception as error:  # noqa: BLE001 - anything else: say so, then restart
            self.watchdog.stop()
            try:
                self.report_crash(error)
            except Exception:  # noqa: BLE001 - a full heap: the restart matters more
                pass
            try:
                self.stop_outputs()
            except Exception:  # noqa: BLE001 - the same
                pass
            self.clock.sleep_ms(RESTART_DELAY_MS)  # Ctrl-C here leaves the board at the REPL
            microcontroller.reset()

    def report_crash(self, error):
        """The traceback on the console and a crash event on the data port. It may fail
        itself (the crash is often a MemoryError), so ``run`` restarts whatever it raises."""
        print_exception(error)
        reason = "%s: %s; restarting" % (type(error).__name__, error)
        self.serial.send_line(json.dumps({"ev": "error", "code": "crash", "reason": reason}))


def print_exception(error):
    """The traceback on the console (CircuitPython's ``traceback`` module)."""
    try:
        import traceback

        traceback.print_exception(error)
    except ImportError:
        print("%s: %s" % (type(error).__name__, error))
