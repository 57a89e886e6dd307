"""The MicroPython backend for the RP2040 and RP2350 (Pico, Pico W, Pico 2, Feather RP2040).

``device.Device`` builds every part from the board definition; the other
modules are one part each: ``ssd1306`` (the OLED driver, dirty rectangles),
``spans`` (its change search in Python, where there is no machine code),
``oled`` (the canvas that survives a missing panel), ``strip`` (the WS2812 LEDs),
``buttons`` (pins with edge interrupts), ``beeper`` (PWM piezo),
``status_led`` (blink codes), ``watchdog``, ``usb_serial`` (the protocol's
transport) and ``problems`` (what is missing, reported three ways). Only
``make flash`` puts this package on a device; the simulator never imports it.
"""
