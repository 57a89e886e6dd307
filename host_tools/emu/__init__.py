"""The project's emulated Raspberry Pi Pico: the stock MicroPython rp2 firmware on rp2040js.

The judge of the device (heap, time, interrupts, flash): the real MicroPython
v1.28.0 firmware for the Pico runs on an emulated RP2040 (rp2040js from npm,
cycle-counted at 125 MHz), with the board's parts attached as the board
definition places them: an SSD1306 on I2C, the WS2812 strip, the buttons, the
USB serial port, and a flash that LittleFS can write.

    from host_tools.emu import EmulatedPico

    with EmulatedPico(board="pico", files="firmware") as pico:   # as after make flash
        pico.run_until(1000)                  # emulated milliseconds since power-on
        press = pico.press("ok")              # 80 ms down, then 120 ms more
        update = pico.frames[-1]              # the last panel update
        update.picture                        # 1024 bytes, like Simulator.frame
        update.first_change_us - press.up_us  # release to the first changed pixel byte
        pico.led_colors()                     # [(r, g, b)] * 12 from the last strip frame
        pico.exec("import gc; print(gc.mem_free())")   # the raw REPL (stops main.py)

Options of ``EmulatedPico``: ``board`` (a board_defs name or dict), ``files``
("firmware" = what ``make flash`` copies, or [(path, bytes)]), ``fs_image``
(a LittleFS image), ``flash_image`` (2 MiB of flash, bytes or a path, to start
from), ``oled`` (False: nothing answers at the panel's address), ``serial_port``
(True: a pseudo-terminal at ``pico.port`` for mpremote, ``make flash``,
``host_tools.client``), ``advance_flash_clock`` (False: flash operations take
no emulated time), ``update_gap_ms`` (I2C writes closer than this are one
update), ``record_flash_data`` (True: each program operation in ``flash_ops``
carries its bytes, for ``flash_log.replay``), ``extra_pins`` (GPIOs besides
the buttons that follow their pulls and can be driven low with ``set_pin``),
``firmware_uf2`` (a UF2 to run instead of the stock MicroPython, e.g. the one
``make uf2`` builds).

Running: ``run_until(ms)``, ``run_for(ms)``, ``free_run(realtime=True)`` and
``pause()`` (for tools on the serial port), ``emulated_ms()``.
Inputs: ``press(name, hold_ms=80, gap_ms=120, long=False)``,
``set_button(name, held, at_ms=None)``, ``set_pin(gpio, held, at_ms=None)`` (both
return the emulated ms the change happens at: a free run's "now" when at_ms is None),
``type(bytes)`` (USB serial input),
``power_cut(at_ms=None | after_op=N | during_op=N, fraction=0.5, off_ms=0)``.
Records: ``frames`` (Update objects: ``t_us``, ``picture``, ``start_us``,
``first_change_us``, ``done_us``, ``bytes``), ``picture()``, ``leds``
((t_us, colours) per latched strip frame), ``serial`` (bytes) /
``serial_text()``, ``flash_ops`` (dicts: index, op erase|program, offset,
bytes, units, t_us, duration_us, cut, done_bytes if cut, data if recorded),
``boots`` ((t_us, reason)), ``cuts``.
Flash: ``flash_image()``, ``filesystem_image()``, ``files()``,
``save_flash(path)``. The REPL: ``exec(code)``; ``repl`` for the raw REPL's
steps. ``stats()``: instructions executed and wall time, for speed figures.

Flash time model: a 4 KiB sector erase costs 45 ms and a 256-byte page program
0.6 ms of emulated time, spent inside the operation (interrupts wait), as on a
real chip. Details: docs/emulated-pico.md. Modules: ``firmware`` (finding the
UF2 and the boot ROM), ``fs_image`` (LittleFS images), ``panel`` (I2C bytes to
pictures), ``flash_log`` (the flash at any instant of a recorded session),
``raw_repl``, ``pico`` (the class), and the Node side: ``main.mjs``
(control channel), ``pico.mjs`` (the chip), ``nor_flash.mjs``, ``i2c_bus.mjs``,
``ws2812.mjs``, ``usb_serial.mjs``, ``uf2.mjs``.

``host_tools.emu.circuitpython.EmulatedCircuitPython`` is the same board with
the stock CircuitPython 10.2.1 (``cp_pico.mjs``, ``cdc_ports.mjs``, and
``fat_drive`` for its FAT drive); docs/emulated-pico.md says what it adds.
"""

from host_tools.emu.events import protocol_events
from host_tools.emu.firmware import EmulatorUnavailable, missing
from host_tools.emu.pico import EmulatedPico, EmulatorError, Press

__all__ = [
    "EmulatedPico",
    "EmulatorError",
    "EmulatorUnavailable",
    "Press",
    "missing",
    "protocol_events",
]
