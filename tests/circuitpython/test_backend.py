"""The CircuitPython backend's parts, each on the stand-ins with the real Adafruit libraries.

The pictures a whole session makes are in test_session.py; here: the OLED
driver's messages and a panel that goes and comes back, the strip's bytes and
cap, buttons through keypad events, the beeper's PWM, the watchdog, the data
port, CIRCUITPY read-only or not, boot.py, and what run() does on Ctrl-C and
on a crash. These stay on stand-ins because the emulated CircuitPython Pico
(tests/cp_emu) cannot show them or does not drive them: a panel unplugged and
plugged back, the piezo's PWM, a watchdog timeout, a keypad queue overflow,
exact read-by-read button states, a crash. The protocol on the data port is
tested there on the real firmware (the stand-in test of it is gone).
"""

import json

import pytest

from host_tools import boards
from host_tools.ssd1306_model import Ssd1306Model


@pytest.fixture
def cp():
    """The stand-in modules and the kit, imported once the conftest put them on the path."""
    import keypad
    import microcontroller
    import standin_hardware as hw
    import usb_cdc

    from . import kit

    class Modules:
        pass

    modules = Modules()
    modules.hw, modules.keypad, modules.kit = hw, keypad, kit
    modules.microcontroller, modules.usb_cdc = microcontroller, usb_cdc
    return modules


PICO = boards.load_board("pico")


def test_clock_follows_supervisor_ticks_across_the_wrap(cp):
    from pawtrack.hal.circuitpython.clock import TICKS_PERIOD, Clock

    clock = Clock()
    cp.hw.state.ticks = TICKS_PERIOD - 10
    before = clock.ticks_ms()
    cp.hw.state.ticks = TICKS_PERIOD + 15
    after = clock.ticks_ms()
    assert after == 15 and clock.ticks_diff(after, before) == 25
    assert clock.ticks_diff(before, after) == -25


def new_panel(cp, height=64):
    import board

    from pawtrack.hal.circuitpython.oled import Panel

    cp.hw.reset()
    return Panel(board.GP5, board.GP4, 400000, 0x3C, 128, height)


def test_panel_opens_and_keeps_the_bus_then_sends_only_changed_bytes(cp):
    panel = new_panel(cp)
    panel.init()
    assert panel.i2c.locked  # busio writes only on a locked bus; the referee keeps it
    frame = bytearray(1024)
    frame[3 * 128 + 40] = 0x18
    panel.update(frame)  # the first update after init: the whole frame, then display on
    model = Ssd1306Model(64)
    for address, message in cp.hw.state.i2c_log:
        model.write(address, message)
    assert model.lit() and model.problems == []
    assert model.picture_bytes() == frame
    assert [len(m) for _, m in cp.hw.state.i2c_log][-3:] == [7, 1025, 2]

    frame[5 * 128 + 7] = 0xFF
    del cp.hw.state.i2c_log[:]
    assert panel.update(frame) == 1
    assert cp.hw.state.i2c_log == [
        (0x3C, bytes((0x00, 0x21, 7, 7, 0x22, 5, 5))),
        (0x3C, bytes((0x40, 0xFF))),
    ]
    del cp.hw.state.i2c_log[:]
    assert panel.update(frame) == 0 and cp.hw.state.i2c_log == []
    panel.init()  # a re-init (the panel came back) keeps the bus it has
    assert len(cp.hw.state.i2c_log) == 1 and panel.i2c.locked


def test_a_changed_column_of_full_rows_goes_in_one_data_message(cp):
    panel = new_panel(cp, 32)
    panel.init()
    frame = bytearray(512)
    panel.update(frame)
    frame[:] = bytes(range(256)) * 2
    del cp.hw.state.i2c_log[:]
    panel.update(frame)
    assert [len(m) for _, m in cp.hw.state.i2c_log] == [7, 1 + 512]
    model = Ssd1306Model(32)
    panel.init()  # a re-init sends everything again through the model
    panel.update(frame)
    for address, message in cp.hw.state.i2c_log:
        model.write(address, message)
    assert model.picture_bytes() == bytes(frame) and model.problems == []


def make(cp, tmp_path, **options):
    return cp.kit.make_device(PICO, tmp_path, **options)


def test_a_missing_panel_is_reported_then_found_again(cp, tmp_path):
    device, clock, port = make(cp, tmp_path, oled=False)
    assert device.hal.problems == ["no OLED at 0x3C (SDA GP4, SCL GP5)"]
    starts = [w for w in cp.hw.state.pixel_writes]
    assert len(starts) >= 5  # off, then two red blinks on the cat's start LED (code 2)
    cp.hw.state.i2c_devices.add(0x3C)  # plugged in
    clock.sleep_ms(2000)
    assert not device.oled.retry(clock.ticks_ms())  # tried only every 5 s
    clock.sleep_ms(4000)
    assert device.oled.retry(clock.ticks_ms())
    assert device.hal.problems == []
    device.oled.show()
    # The whole picture after it came back, then the display switched on.
    assert [len(m) for _, m in cp.hw.state.i2c_log[-2:]] == [1025, 2]


def test_a_panel_that_stops_answering_is_reported(cp, tmp_path):
    device, clock, port = make(cp, tmp_path)
    device.oled.show()
    cp.hw.state.i2c_devices.clear()
    device.oled.fill(1)
    device.oled.show()
    assert device.hal.problems == ["the OLED stopped answering (SDA GP4, SCL GP5)"]


def test_strip_sends_grb_bytes_clamped_to_the_cap(cp, tmp_path):
    device, clock, port = make(cp, tmp_path)
    cap = device.board["max_brightness"]
    del cp.hw.state.pixel_writes[:]
    device.strip.write([(255, 10, 0), (1, 2, 3)])
    (pin, data), = cp.hw.state.pixel_writes
    assert pin == "GP16" and len(data) == 3 * 12
    colors = cp.kit.colors_of(data)
    assert colors[0] == (cap, 10, 0) and colors[1] == (1, 2, 3) and colors[2] == (0, 0, 0)
    assert data[:3] == bytes((10, cap, 0))  # green first: WS2812 order


def test_buttons_come_from_keypad_events_and_a_tap_between_reads_counts_once(cp, tmp_path):
    device, clock, port = make(cp, tmp_path)
    buttons = device.buttons
    keys = cp.hw.state.keys[-1]
    assert buttons.names == ("left", "ok", "right", "back")
    assert [p.name for p in keys.pins] == ["GP10", "GP11", "GP12", "GP13"]
    assert keys.value_when_pressed is False and keys.pull is True
    assert buttons.read() == (False, False, False, False)
    cp.keypad.press("GP11", True)
    cp.keypad.press("GP11", False)  # a tap that came and went between two reads
    assert buttons.read() == (False, True, False, False)
    assert buttons.read() == (False, False, False, False)
    cp.keypad.press("GP12", True)
    assert buttons.read() == (False, False, True, False)
    assert buttons.read() == (False, False, True, False)  # held
    cp.keypad.press("GP12", False)
    assert buttons.read() == (False, False, False, False)


def test_a_press_read_late_comes_with_the_time_keypad_saw_it(cp, tmp_path):
    device, clock, port = make(cp, tmp_path)
    buttons = device.buttons
    cp.hw.state.ticks = 100
    cp.keypad.press("GP13", True)  # back goes down while the loop is busy
    cp.hw.state.ticks = 400
    assert buttons.read() == (False, False, False, True)
    assert buttons.down_at == [None, None, None, 100]
    assert buttons.read() == (False, False, False, True)  # still held: no new press
    assert buttons.down_at == [None, None, None, None]


def test_an_overflowed_queue_is_cleared_and_held_buttons_come_again(cp, tmp_path):
    device, clock, port = make(cp, tmp_path)
    keys = cp.hw.state.keys[-1]
    cp.keypad.press("GP10", True)
    for _ in range(40):
        cp.keypad.press("GP13", True)
        cp.keypad.press("GP13", False)
    assert keys.events.overflowed
    assert device.buttons.read()[0] is True
    assert keys.resets == 1 and not keys.events.overflowed
    assert device.buttons.read() == (True, False, False, False)


def test_beeper_plays_a_tone_and_the_loop_ends_it(cp, tmp_path):
    device, clock, port = make(cp, tmp_path)
    pwm = cp.hw.state.pwm[-1]
    assert pwm.pin.name == "GP15" and pwm.variable_frequency and pwm.duty_cycle == 0
    device.beeper.tone(880, 50)
    assert (pwm.frequency, pwm.duty_cycle) == (880, 32768)
    clock.sleep_ms(40)
    device.beeper.tick(clock.ticks_ms())
    assert pwm.duty_cycle == 32768
    clock.sleep_ms(10)
    device.beeper.tick(clock.ticks_ms())
    assert pwm.duty_cycle == 0


def test_watchdog_runs_in_reset_mode_and_stops(cp):
    from pawtrack.hal.circuitpython.watchdog import Watchdog

    dog = Watchdog()
    dog.feed()  # not started: nothing to feed
    timer = cp.microcontroller.watchdog
    dog.start()
    assert (timer.timeout, timer.mode) == (8, "reset")
    feeds = timer.feeds
    dog.feed()
    assert timer.feeds == feeds + 1
    dog.stop()
    assert timer.mode is None
    dog.feed()  # after stop: no error


def test_data_port_reads_without_blocking_and_writes_only_when_connected(cp):
    from pawtrack.hal.circuitpython.usb_serial import MAX_READ, UsbSerial

    port = cp.usb_cdc.Serial()
    serial = UsbSerial(port)
    assert serial.problem is None and serial.poll_input() == b""
    port.type(b"x" * (MAX_READ + 10))
    assert len(serial.poll_input()) == MAX_READ and len(serial.poll_input()) == 10
    serial.send_line('{"ev": "hi"}')
    port.connected = False
    serial.send_line('{"ev": "lost"}')
    assert port.lines() == ['{"ev": "hi"}']


def test_without_the_data_port_the_protocol_uses_the_console_and_says_why(cp, tmp_path):
    device, clock, port = make(cp, tmp_path, port=False)
    assert device.hal.problems == [
        "the serial protocol is on the console: reset the board once so boot.py runs"
    ]


def test_circuitpy_left_to_the_computer_plays_without_saving(cp, tmp_path):
    from pawtrack.memfiles import MemoryFiles

    device, clock, port = make(cp, tmp_path, readonly=True)
    assert isinstance(device.hal.files, MemoryFiles)
    assert device.hal.problems == [
        "games are not saved: CIRCUITPY was left to the computer (button held at power-on)"
    ]
    device, clock, port = make(cp, tmp_path)
    assert device.hal.files.atomic_rename is False  # FAT: safe files keep a complete copy


def test_boot_takes_the_drive_unless_a_button_is_held(cp):
    from pawtrack.hal.circuitpython import boot

    cp.hw.reset()
    assert boot.prepare(PICO) == boot.REFEREE
    assert cp.hw.state.cdc_enabled == {"console": True, "data": True}
    assert cp.hw.state.remounts == [("/", False)]
    assert cp.hw.state.claimed == set()  # the button pins are free again for keypad

    cp.hw.reset()
    cp.hw.state.levels["GP11"] = False  # ok held down
    line = boot.prepare(PICO)
    assert line == boot.COMPUTER % "ok" and cp.hw.state.remounts == []
    assert cp.hw.state.cdc_enabled == {"console": True, "data": True}


def started(cp, tmp_path):
    from pawtrack import games
    from pawtrack.protocol import Protocol
    from pawtrack.ui.app import App

    device, clock, port = make(cp, tmp_path)
    app = App(device.hal, games.catalog())
    protocol = Protocol(
        app, device.serial.send_line, device.board["name"], extra=device.protocol_commands()
    )
    device.attach(app, protocol)
    app.step()
    return device, app, clock, port


def test_ctrl_c_stops_the_watchdog_and_the_leds(cp, tmp_path):
    device, app, clock, port = started(cp, tmp_path)

    def interrupted(on_loop):
        on_loop()
        raise KeyboardInterrupt

    app.run = interrupted
    with pytest.raises(KeyboardInterrupt):
        device.run(app)
    assert cp.microcontroller.watchdog.mode is None
    assert cp.kit.colors_of(cp.hw.state.pixel_writes[-1][1]) == [(0, 0, 0)] * 12


def test_a_crash_is_reported_then_the_board_restarts(cp, tmp_path, capsys):
    device, app, clock, port = started(cp, tmp_path)

    def crashing(on_loop):
        raise ValueError("boom")

    app.run = crashing
    with pytest.raises(cp.microcontroller.ResetCalled):
        device.run(app)
    assert cp.hw.state.resets == 1 and cp.microcontroller.watchdog.mode is None
    event = json.loads(port.lines()[-1])
    assert event == {"ev": "error", "code": "crash", "reason": "ValueError: boom; restarting"}
    assert "ValueError: boom" in capsys.readouterr().err


def test_a_crash_restarts_the_board_even_when_saying_so_runs_out_of_memory(cp, tmp_path):
    device, app, clock, port = started(cp, tmp_path)

    def crashing(on_loop):
        raise MemoryError("memory allocation failed, allocating 128 bytes")

    def no_memory(line):
        raise MemoryError("memory allocation failed, allocating 84 bytes")

    app.run = crashing
    device.serial.send_line = no_memory
    with pytest.raises(cp.microcontroller.ResetCalled):
        device.run(app)
    assert cp.hw.state.resets == 1 and cp.microcontroller.watchdog.mode is None
    assert cp.kit.colors_of(cp.hw.state.pixel_writes[-1][1]) == [(0, 0, 0)] * 12
