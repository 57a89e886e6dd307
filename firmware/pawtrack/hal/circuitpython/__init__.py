"""The CircuitPython backend: the same referee on a board that runs CircuitPython.

For makers whose Adafruit RP2040 board came with CircuitPython and who would
rather not reflash it. ``device.Device`` builds every part from the board
definition, like ``pawtrack.hal.rp2`` does under MicroPython, and hands the
core the same ``Hal``; the core does not know which runtime it is on.

What differs from the MicroPython backend, and why:

* **OLED**: the project's own SSD1306 driver (``pawtrack.hal.ssd1306``, as
  on MicroPython: only the changed rectangles go out) on a ``busio.I2C``,
  which it locks once and keeps (``oled.Panel``). Adafruit's
  ``adafruit_ssd1306`` is not used: with ``adafruit_framebuf`` it took about
  12.5 KiB of a heap the games' boots run short of. CircuitPython has no C
  ``framebuf``, so the canvas draws in plain Python, a byte per column and
  page. ``busio.I2C`` refuses to open a bus without pull-ups, which is what
  a missing OLED module looks like: the bus is opened when the panel is first
  tried, and tried again every 5 s.
* **Strip**: Adafruit's ``neopixel`` (on CircuitPython's ``neopixel_write``)
  with ``brightness=1.0``: the core already scales colours by the board's cap
  and the strip clamps every channel to it once more; the library's own
  brightness would scale a second time.
* **Buttons**: ``keypad.Keys`` scans the pins in C every 10 ms and queues
  every change, so a tap during a slow redraw is never lost; there are no
  pin interrupts to write (MicroPython's backend needs an edge IRQ for that).
* **Beeper**: ``pwmio.PWMOut``; CircuitPython has no one-shot timer, so the
  loop ends a tone when its time is up (a slow redraw can stretch it a little).
* **Watchdog**: ``microcontroller.watchdog`` in RESET mode, ``deinit()``-ed
  when Ctrl-C stops the referee (no register poke needed, unlike MicroPython).
* **Time**: ``supervisor.ticks_ms()``, which wraps at 2**29 like
  MicroPython's ``time.ticks_ms``; ``clock.Clock`` gives the core the same
  ``ticks_ms``/``ticks_diff``/``sleep_ms``.
* **Serial protocol**: on CircuitPython's second USB serial port
  (``usb_cdc.data``, switched on by ``boot.py``), so the REPL console stays
  free and Ctrl-C there still stops the referee.
* **Storage**: CIRCUITPY is FAT, and code may write it only when boot.py has
  taken it from the computer (``storage.remount``). The files object says so
  (``atomic_rename = False``), and ``pawtrack.files.safe_write`` then keeps
  the previous file until the new one is complete. Holding any button at
  power-on leaves the drive to the computer: the referee then plays without
  saving and says so.
* **Board pins** come from the board file's ``circuitpython_pins``
  (``board.GP4``, ``board.D5``): CircuitPython names pins, MicroPython numbers
  them. The board file is copied as ``/pawtrack_board.py``, because
  ``board`` is CircuitPython's own module.

The parts that need no hardware module are shared with the MicroPython
backend: ``pawtrack.hal.problems`` (what is missing, said three ways),
``pawtrack.hal.oled.OledCanvas`` (a canvas that survives a missing panel)
and the SSD1306 driver ``pawtrack.hal.ssd1306``.
"""
