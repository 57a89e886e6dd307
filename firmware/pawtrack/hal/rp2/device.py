"""The whole device on an RP2040/RP2350 under MicroPython, built from the board definition.

``Device(BOARD)`` makes, from the board file's pins (nothing is touched before
it is called), what the first picture needs: the OLED canvas and the buttons,
in the ``Hal`` that ``pawtrack.ui.app.App`` runs on. main.py draws the main
menu with them, then ``start_rest()`` makes the other parts (the board's
derived fields, pawtrack.boarddef's, keeping only the fields used; the LED
strip, the beeper, the board LED, the watchdog, the USB serial link),
importing their modules only then: on the Pico each module costs several
milliseconds to load, and the menu should be up within a few hundred. main.py then makes
the serial Protocol, ``attach``es it, and calls ``run``. What the firmware
needs from the board file is documented in docs/hardware.md.

Each boot holds the main menu or one game (pawtrack.hal.launcher): a switch
reaches ``run`` as ``Switch``, and ``switch`` soft-resets into the next boot
with its launch record (MicroPython prints "MPY: soft reboot" on the USB
serial port, which the host tools skip as they skip any line that is not
JSON).

``loop()`` is the app's ``on_loop``, once per pass: it feeds the serial bytes
to the protocol, feeds the watchdog, retries a missing OLED and blinks the
board LED. ``run`` stops the watchdog when Ctrl-C arrives, so mpremote (and
``make flash``) can work; any other exception escaping the app restarts the
board after a few seconds in which Ctrl-C still reaches the REPL.

A missing OLED does not stop the referee: the canvas keeps its picture in
memory, LEDs, buttons and the protocol go on, and the problem is reported at
boot (two red blinks on the cat's start LED), by the board LED's blink code,
as a protocol event and as a note on the screen once a panel answers.
"""

import gc
import time

import machine

from pawtrack import forget_module
from pawtrack.files import OsFiles
from pawtrack.hal import Hal
from pawtrack.hal.launcher import Launcher, Switch
from pawtrack.hal.oled import OledCanvas
from pawtrack.hal.problems import ProblemList
from pawtrack.hal.rp2.buttons import Buttons
from pawtrack.hal.ssd1306 import Ssd1306

RESTART_DELAY_MS = 5000


def used_board(board):
    """The board definition with the core's derived fields (pawtrack.boarddef, read once
    and forgotten)."""
    from pawtrack.boarddef import core_board

    full = core_board(board)
    forget_module("pawtrack.boarddef")
    return full


def raw_flash():
    """The flash under the filesystem (``rp2.Flash()``), where the journal's records are
    written in place (pawtrack.files, pawtrack.inplace); None without one."""
    try:
        import rp2

        return rp2.Flash()
    except (ImportError, AttributeError):
        return None


def forget_port_module():
    """MicroPython's rp2 port mounts the flash with its own ``rp2`` module (_boot.py) and
    leaves it loaded, in sys.modules and in __main__'s names: 1.4 KiB of heap for its PIO
    assembler, which the referee does not use. Both are dropped (an ``import rp2`` would
    load it again)."""
    import __main__

    __main__.__dict__.pop("rp2", None)
    forget_module("rp2")


class Device:
    def __init__(self, board, clock=time, files_root="/", stdin=None, stdout=None):
        self.board = board  # as given, until start_rest keeps what is used (used_board)
        self.clock = clock
        self.problems = ProblemList()
        self.app = None
        self.protocol = None
        self.serial_streams = (stdin, stdout)
        self.interrupt_check = None  # main.py: the bundle's Ctrl-C caught during an import
        self.strip = None
        self.beeper = None
        self.status_led = None
        self.watchdog = None
        self.serial = None

        bus = board["i2c_id"]
        i2c = machine.I2C(
            bus,
            sda=machine.Pin(board["i2c_sda"]),
            scl=machine.Pin(board["i2c_scl"]),
            freq=board["i2c_freq"],
        )
        driver = Ssd1306(i2c, board["oled_address"], board["oled_width"], board["oled_height"])
        where = "on I2C%d (SDA GPIO%d, SCL GPIO%d)" % (bus, board["i2c_sda"], board["i2c_scl"])
        self.oled = OledCanvas(driver, clock, self.problems, where)
        self.oled.start()
        self.buttons = Buttons(board["buttons"], clock)
        files = OsFiles(files_root, raw_flash())
        self.hal = Hal(
            display=self.oled,
            leds=None,  # start_rest sets the strip up
            buttons=self.buttons,
            clock=clock,
            files=files,
            board=board,
            idle=gc.collect,
            launcher=Launcher(files, machine.soft_reset),
        )
        self.hal.problems = self.problems.lines  # the same list, kept up to date

    def start_rest(self):
        """After the first picture: the board's derived fields, the strip, the beeper, the
        board LED, watchdog, serial."""
        from pawtrack.hal.rp2.beeper import Beeper
        from pawtrack.hal.rp2.status_led import StatusLed
        from pawtrack.hal.rp2.strip import Strip
        from pawtrack.hal.rp2.usb_serial import UsbSerial
        from pawtrack.hal.rp2.watchdog import Watchdog

        # The machine-code painter: loading it from files takes longer than the
        # first picture would gain from it, so it comes after that picture.
        try:
            from pawtrack.hal.rp2 import fastdraw
        except (ImportError, SyntaxError):  # an interpreter without the Thumb assembler
            fastdraw = None
        if fastdraw is not None:
            self.oled.use_painter(fastdraw.Painter(self.oled))
            driver = self.oled.driver
            driver.find_changes = fastdraw.ChangedPages(driver.width, driver.pages)
        board = self.board = self.hal.board = used_board(self.board)
        self.strip = Strip(board["led_pin"], board["led_count"], board["max_brightness"])
        self.strip.off()
        if not self.oled.working:
            self.boot_blinks(self.problems.blink_code())
        if board.get("buzzer_pin") is not None:
            self.beeper = Beeper(board["buzzer_pin"])
        led = board.get("onboard_led")
        if led is not None:
            self.status_led = StatusLed(led, self.clock)
        self.watchdog = Watchdog(board["chip"])
        self.serial = UsbSerial(*self.serial_streams)
        hal = self.hal
        hal.leds = self.strip
        hal.beeper = self.beeper
        hal.keep_alive = self.watchdog.feed
        forget_port_module()

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
        if self.interrupt_check is not None:
            self.interrupt_check()
        protocol = self.protocol
        if protocol is not None:
            protocol.flush()  # what the app's pass (just before this) had to say
            data = self.serial.poll_input()
            if data:
                protocol.feed(data)
                protocol.flush()
        self.watchdog.feed()
        now = self.clock.ticks_ms()
        if self.oled.retry(now):
            self.app.dirty = True  # the panel came back: draw the whole picture
        if self.status_led is not None:
            self.status_led.tick(now, self.problems.blink_code())

    def switch(self, app, record):
        """Restart into the boot ``record`` opens (pawtrack.hal.launcher), here at the top of
        the loop, where the call stack is shallow: first the work kept for a still screen
        (the menu's order, settings, Mmm!'s history), then the events of this pass; a
        protocol line in flight goes into the record, to be answered by the next boot.
        The watchdog stops: it would outlive the soft reset, and a Ctrl-C during the
        next boot's imports would leave it running under mpremote."""
        try:
            app.finish_still_work()
            protocol = self.protocol
            if protocol is not None:
                protocol.flush()
                protocol.carry_over(record)
        except KeyboardInterrupt:
            self.watchdog.stop()
            raise
        self.watchdog.stop()
        self.hal.launcher.restart_with(record)

    def stop_outputs(self):
        self.strip.off()
        if self.beeper is not None:
            self.beeper.off()
        if self.status_led is not None:
            self.status_led.off()

    def run(self, app):
        """The app loop with the watchdog, until Ctrl-C (to the REPL), a switch to another
        boot (a soft reset) or a crash (restart)."""
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
            machine.reset()

    def report_crash(self, error):
        """The protocol's waiting events, the traceback and a crash event on the serial
        port. It may fail itself (a MemoryError), so ``run`` restarts whatever it raises."""
        import json
        import sys

        if self.protocol is not None:
            self.protocol.flush()
        sys.print_exception(error)
        reason = "%s: %s; restarting" % (type(error).__name__, error)
        self.serial.send_line(json.dumps({"ev": "error", "code": "crash", "reason": reason}))
