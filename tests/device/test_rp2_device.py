"""The rp2 backend on the stand-in machine module, under MicroPython.

Run by tests/host/test_device_backend.py with the MicroPython WebAssembly
interpreter (``python -m host_tools.mp_tests --tests-dir tests/device``). The
pictures the I2C bytes make are checked on the host with the SSD1306 model;
here: the driver's messages, buttons and their interrupts, the beeper, the
watchdog, the board LED, the strip's cap, the serial link, and a device
without its OLED that keeps refereeing.
"""

import json
import unittest

import machine
from device_kit import SerialInput, SerialOutput, make_device
from fixture_board import BOARD

from pawtrack import games
from pawtrack.hal import blink, spans, ssd1306
from pawtrack.hal.rp2 import status_led, watchdog
from pawtrack.hal.rp2.buttons import Buttons
from pawtrack.hal.rp2.usb_serial import UsbSerial
from pawtrack.hal.virtual_clock import VirtualClock
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App


def board_with(**changes):
    board = dict(BOARD)
    board.update(changes)
    return board


def started(board=None, oled=True):
    """A device with its app and protocol attached, like main.start()."""
    device, clock, serial_in, serial_out = make_device(board or BOARD, oled=oled)
    app = App(device.hal, games.catalog(), defer_boot=True)
    app.step()  # the menu first, as main.start() draws it
    device.start_rest()
    protocol = Protocol(
        app, device.serial.send_line, device.board["name"], extra=device.protocol_commands()
    )
    device.attach(app, protocol)
    app.finish_boot()
    app.step()
    return device, app, clock, serial_in, serial_out


def events(serial_out):
    return [json.loads(line) for line in serial_out.lines()]


class Ssd1306DriverTest(unittest.TestCase):
    def setUp(self):
        machine.reset_all()
        self.i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))

    def test_init_sets_rows_and_com_wiring_for_64_and_32_row_panels(self):
        tall = ssd1306.init_sequence(64)
        short = ssd1306.init_sequence(32)
        self.assertIn(bytes((0xA8, 63)), tall)
        self.assertIn(bytes((0xDA, 0x12)), tall)
        self.assertIn(bytes((0xA8, 31)), short)
        self.assertIn(bytes((0xDA, 0x02)), short)
        self.assertIn(bytes((0x8D, 0x14)), tall)  # charge pump on
        self.assertIn(bytes((0x20, 0x00)), tall)  # horizontal addressing
        self.assertNotIn(0xAF, tall)  # the display goes on after the first frame

    def test_first_update_is_the_whole_frame_then_the_display_goes_on(self):
        driver = ssd1306.Ssd1306(self.i2c, 0x3C, 128, 32)
        driver.init()
        buffer = bytearray(128 * 4)
        driver.update(buffer)
        log = machine.I2C.log
        self.assertEqual(log[1][1], bytes((0x00, 0x21, 0, 127, 0x22, 0, 3)))
        self.assertEqual(len(log[2][1]), 1 + 512)
        self.assertEqual(log[2][1][0], 0x40)
        self.assertEqual(log[3][1], bytes((0x00, 0xAF)))

    def test_one_changed_byte_sends_one_byte(self):
        driver = ssd1306.Ssd1306(self.i2c)
        buffer = bytearray(1024)
        driver.update(buffer)
        del machine.I2C.log[:]
        buffer[3 * 128 + 77] = 0x81
        self.assertEqual(driver.update(buffer), 1)
        self.assertEqual(
            [m for _, m in machine.I2C.log],
            [bytes((0x00, 0x21, 77, 77, 0x22, 3, 3)), bytes((0x40, 0x81))],
        )
        del machine.I2C.log[:]
        self.assertEqual(driver.update(buffer), 0)
        self.assertEqual(machine.I2C.log, [])

    def test_changed_spans_are_the_first_and_last_changed_columns(self):
        # The halving search against a byte-by-byte walk, on many random changes.
        seed = [4]

        def below(n):  # a small LCG: MicroPython's random has no seeded instances
            seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
            return (seed[0] >> 8) % n

        for trial in range(120):
            shown = bytearray(below(256) for _ in range(1024))
            buffer = bytearray(shown)
            for _ in range((1, 2, 5, 40)[trial % 4]):
                buffer[below(1024)] ^= 1 << below(8)
            expected = []
            for page in range(8):
                columns = [x for x in range(128) if buffer[page * 128 + x] != shown[page * 128 + x]]
                if columns:
                    expected.append((page, columns[0], columns[-1]))
            self.assertEqual(spans.changed_spans(buffer, shown, 128, 8), expected)

    def test_an_area_is_sent_as_one_rectangle_of_whole_pages(self):
        driver = ssd1306.Ssd1306(self.i2c)
        buffer = bytearray(1024)
        driver.update(buffer)
        del machine.I2C.log[:]
        buffer[6 * 128 + 40] = 0xE0  # what the area covers: rows 53-62, columns 38-49
        driver.update_area(buffer, 38, 53, 12, 10)
        self.assertEqual(machine.I2C.log[0][1], bytes((0x00, 0x21, 38, 49, 0x22, 6, 7)))
        # then one data message per page of the window: control byte and 12 columns
        data = [m for _, m in machine.I2C.log[1:]]
        self.assertEqual([len(m) for m in data], [1 + 12, 1 + 12])
        self.assertEqual([m[0] for m in data], [0x40, 0x40])
        self.assertEqual(data[0][1 + 2], 0xE0)  # column 40 of page 6
        del machine.I2C.log[:]
        self.assertEqual(driver.update(buffer), 0)  # the panel is known to hold it now
        self.assertEqual(machine.I2C.log, [])

    def test_neighbouring_pages_merge_only_when_it_saves_bytes(self):
        spans = [(2, 10, 20), (3, 12, 22), (5, 0, 127), (6, 100, 101)]
        self.assertEqual(
            ssd1306.rectangles(spans, 128, 8),
            [[2, 3, 10, 22], [5, 5, 0, 127], [6, 6, 100, 101]],
        )

    def test_pieces_dearer_than_the_whole_panel_go_as_one_rectangle(self):
        # Every page changed at both ends: eight rectangles and their windows cost more.
        spans = [(page, page % 2, 127 - page % 3) for page in range(8)]
        self.assertEqual(ssd1306.rectangles(spans, 128, 8), [[0, 7, 0, 127]])

    def test_a_failed_write_makes_the_next_update_send_everything(self):
        driver = ssd1306.Ssd1306(self.i2c)
        buffer = bytearray(1024)
        driver.update(buffer)
        machine.i2c_devices.discard(0x3C)
        buffer[0] = 1
        with self.assertRaises(OSError):
            driver.update(buffer)
        machine.i2c_devices.add(0x3C)
        del machine.I2C.log[:]
        driver.init()
        driver.update(buffer)
        self.assertEqual(len(machine.I2C.log[2][1]), 1025)


class ButtonsTest(unittest.TestCase):
    def setUp(self):
        machine.reset_all()
        self.clock = VirtualClock()
        self.buttons = Buttons({"left": 10, "ok": 11, "right": 12}, self.clock)

    def at(self, ms, pin, level):
        self.clock.now = ms
        machine.drive(pin, level)

    def test_pins_are_inputs_with_pull_ups_and_edge_interrupts(self):
        self.assertEqual(self.buttons.names, ("left", "ok", "right"))
        state = machine.pins[11]
        self.assertEqual((state.mode, state.pull), (machine.IN, machine.PULL_UP))
        self.assertTrue(state.hard)
        self.assertEqual(state.trigger, machine.IRQ_FALLING | machine.IRQ_RISING)
        self.assertEqual(self.buttons.read(), [False, False, False])

    def test_a_held_button_reads_pressed(self):
        self.at(0, 11, 0)
        self.assertEqual(self.buttons.read(), [False, True, False])
        self.assertEqual(self.buttons.read(), [False, True, False])

    def test_reading_allocates_nothing_new(self):
        first = self.buttons.read()
        self.at(0, 11, 0)
        self.assertIs(self.buttons.read(), first)  # the same list, filled again

    def test_a_tap_between_two_reads_is_reported_once(self):
        self.at(100, 12, 0)
        self.at(104, 12, None)
        self.assertEqual(self.buttons.read(), [False, False, True])
        self.assertEqual(self.buttons.read(), [False, False, False])

    def test_release_bounce_latches_no_phantom_press(self):
        self.at(0, 10, 0)
        self.assertEqual(self.buttons.read()[0], True)
        self.at(200, 10, None)  # release, then the contact bounces
        self.at(202, 10, 0)
        self.at(203, 10, None)
        self.at(205, 10, 0)
        self.at(206, 10, None)
        self.clock.now = 260  # a slow loop pass reads long after the bounce
        self.assertEqual(self.buttons.read()[0], False)

    def test_a_ctrl_c_while_reading_leaves_the_interrupts_on(self):
        class Interrupted:  # the latches, read when a Ctrl-C is pending
            def __getitem__(self, index):
                raise KeyboardInterrupt

            def __setitem__(self, index, value):
                pass

        self.buttons.latched = Interrupted()
        with self.assertRaises(KeyboardInterrupt):
            self.buttons.read()
        self.assertEqual(machine.irq_disabled[0], 0)

    def test_the_rest_between_passes_ends_at_an_edge(self):
        waits = []

        def a_millisecond_passes():
            waits.append(self.clock.now)
            self.clock.now += 1
            if self.clock.now == 103:
                machine.drive(11, 0)  # ok goes down 3 ms into a 5 ms rest

        machine.idle_hooks[0] = a_millisecond_passes
        self.clock.now = 100
        self.buttons.sleep_ms(5)
        self.assertEqual((self.clock.now, waits), (103, [100, 101, 102]))
        self.buttons.sleep_ms(5)  # no edge: the whole rest
        self.assertEqual(self.clock.now, 108)

    def test_a_latched_press_says_when_it_went_down(self):
        self.at(100, 11, 0)  # down during a slow pass; the loop reads at 400
        self.clock.now = 400
        self.assertEqual(self.buttons.read(), [False, True, False])
        self.assertEqual(self.buttons.down_at, [None, 100, None])
        self.clock.now = 405  # still held: the press was reported, no new time
        self.assertEqual(self.buttons.read(), [False, True, False])
        self.assertEqual(self.buttons.down_at, [None, None, None])

    def test_a_new_press_after_a_quiet_release_is_latched(self):
        self.at(0, 10, 0)
        self.at(100, 10, None)
        self.buttons.read()
        self.at(140, 10, 0)
        self.at(145, 10, None)
        self.assertEqual(self.buttons.read()[0], True)


class PartsTest(unittest.TestCase):
    def test_beeper_starts_pwm_and_a_one_shot_timer_stops_it(self):
        device, app, clock, _, _ = started()
        device.beeper.tone(2000, 15)
        self.assertIn((15, "freq", 2000), machine.PWM.history)
        self.assertEqual(machine.PWM.history[-1], (15, "duty", 32768))
        timer = device.beeper.timer
        self.assertEqual(
            (timer.mode, timer.period, timer.active), (machine.Timer.ONE_SHOT, 15, True)
        )
        machine.fire_timers()
        self.assertEqual(machine.PWM.history[-1], (15, "duty", 0))
        self.assertFalse(timer.active)

    def test_a_board_without_buzzer_has_no_beeper(self):
        device, app, clock, _, _ = started(board_with(buzzer_pin=None))
        self.assertIsNone(device.hal.beeper)
        app.press("right")  # a beep with no beeper is silent, not an error

    def test_strip_clamps_every_channel_to_the_cap(self):
        device, app, clock, _, _ = started()
        self.assertEqual(device.board["max_brightness"], 102)
        device.strip.write([(255, 40, 255)] * 12)
        self.assertEqual(machine.strip_writes[-1][0], (102, 40, 102))

    def test_status_led_blinks_the_code(self):
        self.assertTrue(blink.lit_at(0, 1))
        self.assertFalse(blink.lit_at(200, 1))
        self.assertFalse(blink.lit_at(450, 1))
        self.assertTrue(blink.lit_at(450, 2))
        self.assertFalse(blink.lit_at(900, 2))
        machine.reset_all()
        clock = VirtualClock()
        led = status_led.StatusLed(25, clock)
        for now in range(0, 3000, 5):
            led.tick(now, 2)
        self.assertEqual(machine.pins[25].history, [1, 0, 1, 0])

    def test_serial_reads_what_is_waiting_without_blocking(self):
        serial_in = SerialInput()
        serial_out = SerialOutput()
        serial = UsbSerial(serial_in, serial_out)
        self.assertEqual(serial.poll_input(), b"")
        serial_in.type(b'{"cmd": "hello"}\n')
        self.assertEqual(serial.poll_input(), b'{"cmd": "hello"}\n')
        serial_in.type(b"x" * 300)
        self.assertEqual(len(serial.poll_input()), 256)  # at most 256 a pass
        serial.send_line("{}")
        self.assertEqual(serial_out.text, "{}\n")


class WatchdogTest(unittest.TestCase):
    def test_the_loop_feeds_the_watchdog(self):
        device, app, clock, _, _ = started()
        device.watchdog.start()
        self.assertEqual(machine.watchdog["timeout"], 8000)
        for _ in range(3):
            device.loop()
        self.assertEqual(machine.watchdog["feeds"], 3)

    def test_ctrl_c_stops_the_watchdog_and_reaches_the_repl(self):
        for chip, address in (("rp2040", 0x40058000), ("rp2350", 0x400D8000)):
            board = board_with(chip=chip, mpy_arch="armv7emsp" if chip == "rp2350" else "armv6m")
            device, app, clock, serial_in, _ = started(board)

            def interrupted(on_loop):
                on_loop()
                raise KeyboardInterrupt

            app.run = interrupted
            with self.assertRaises(KeyboardInterrupt):
                device.run(app)
            self.assertEqual(machine.mem32_writes, [(address + 0x3000, 1 << 30)])
            self.assertFalse(machine.watchdog["enabled"])
            self.assertEqual(machine.strip_writes[-1], [(0, 0, 0)] * 12)

    def test_a_crash_says_so_then_restarts_the_board(self):
        device, app, clock, _, serial_out = started()

        def broken(on_loop):
            raise ValueError("boom")

        app.run = broken
        with self.assertRaises(machine.ResetRequested):
            device.run(app)
        last = events(serial_out)[-1]
        self.assertEqual((last["ev"], last["code"]), ("error", "crash"))
        self.assertIn("ValueError: boom", last["reason"])
        self.assertEqual(clock.now, 5000)  # time for Ctrl-C before the restart

    def test_a_crash_restarts_the_board_even_when_saying_so_runs_out_of_memory(self):
        device, app, clock, _, serial_out = started()

        def broken(on_loop):
            raise MemoryError("memory allocation failed, allocating 128 bytes")

        def no_memory(line):
            raise MemoryError("memory allocation failed, allocating 84 bytes")

        app.run = broken
        device.serial.send_line = no_memory
        with self.assertRaises(machine.ResetRequested):
            device.run(app)
        self.assertFalse(machine.watchdog["enabled"])
        self.assertEqual(machine.strip_writes[-1], [(0, 0, 0)] * 12)
        self.assertEqual(clock.now, 5000)

    def test_watchdog_register_addresses(self):
        self.assertEqual(watchdog.CTRL_ADDRESS["rp2040"], 0x40058000)
        self.assertEqual(watchdog.CTRL_ADDRESS["rp2350"], 0x400D8000)


class MissingOledTest(unittest.TestCase):
    def setUp(self):
        self.device, self.app, self.clock, self.serial_in, self.serial_out = started(oled=False)

    def test_boot_reports_it_three_ways_and_blinks_the_start_led(self):
        reason = "no OLED at 0x3C on I2C0 (SDA GPIO4, SCL GPIO5)"
        self.assertEqual(self.device.hal.problems, [reason])
        self.assertEqual(
            events(self.serial_out)[0], {"ev": "problem", "what": "oled", "reason": reason}
        )
        self.assertEqual(self.device.problems.blink_code(), 2)
        red = [w[0] for w in machine.strip_writes if w[0] != (0, 0, 0)]
        self.assertEqual(red, [(102, 0, 0), (102, 0, 0)])  # two blinks, within the cap
        self.assertEqual(machine.I2C.log, [])

    def test_the_referee_goes_on_over_serial_and_buttons(self):
        self.serial_in.type(b'{"cmd": "press", "button": "right", "id": 1}\n')
        self.device.loop()
        pressed = events(self.serial_out)[-1]
        self.assertEqual((pressed["ev"], pressed["id"]), ("pressed", 1))
        self.serial_in.type(b'{"cmd": "problems"}\n')
        self.device.loop()
        listed = events(self.serial_out)[-1]
        self.assertEqual(listed["ev"], "problems")
        self.assertEqual(listed["list"][0]["what"], "oled")
        before = self.app.frames
        machine.drive(BOARD["buttons"]["ok"], 0)
        for _ in range(20):
            self.clock.sleep_ms(5)
            self.app.step()
        machine.drive(BOARD["buttons"]["ok"], None)
        for _ in range(20):
            self.clock.sleep_ms(5)
            self.app.step()
        self.assertGreater(self.app.frames, before)

    def test_a_panel_plugged_in_later_gets_the_whole_picture(self):
        machine.i2c_devices.add(0x3C)
        self.clock.sleep_ms(4000)
        self.device.loop()
        self.assertEqual(machine.I2C.log, [])  # not yet: retries every 5 s
        self.clock.sleep_ms(1000)
        self.device.loop()
        self.assertEqual(
            events(self.serial_out)[-1], {"ev": "problem", "what": "oled", "fixed": True}
        )
        self.assertEqual(self.device.hal.problems, [])
        self.app.step()
        sizes = [len(message) for _, message in machine.I2C.log]
        self.assertIn(1025, sizes)
        self.assertEqual(machine.I2C.log[-1][1], bytes((0x00, 0xAF)))
        self.assertEqual(self.device.problems.blink_code(), 1)

    def test_a_panel_that_stops_answering_is_reported_not_fatal(self):
        device, app, clock, _, serial_out = started()
        machine.i2c_devices.discard(0x3C)
        app.press("right")
        app.step()
        self.assertEqual(events(serial_out)[-1]["what"], "oled")
        self.assertIn("stopped answering", device.hal.problems[0])
        app.press("right")
        app.step()  # no exception, nothing sent
