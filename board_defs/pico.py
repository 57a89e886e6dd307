"""Raspberry Pi Pico (RP2040): the reference build, and the default of `make flash`.

Data only: one dict of plain literals that both the host tools (which read it
without running it) and the device (where `make flash` writes it as
/board.py) understand. host_tools/boards.py checks every field; the field
list with meanings is in docs/hardware.md. Pins are GPIO numbers ("GP4");
``pin_labels`` says where each one is on the header, for the wiring table.
"""

BOARD = {
    "name": "pico",
    "title": "Raspberry Pi Pico",
    "chip": "rp2040",
    "mpy_arch": "armv6m",
    # The MicroPython build for this board (`make uf2` freezes pawtrack into it).
    "micropython_board": "RPI_PICO",
    # The firmwares this board runs the referee under (make flash RUNTIME=...).
    "runtimes": ("micropython", "circuitpython"),
    # GPIO ranges (first, last) on the header; GP23, GP24, GP25, GP29 are on-board only.
    "usable_pins": ((0, 22), (26, 28)),
    # The OLED: SSD1306 on I2C0, 400 kHz (the panel's rated fast mode).
    "i2c_id": 0,
    "i2c_sda": 4,
    "i2c_scl": 5,
    "i2c_freq": 400000,
    "oled_address": 0x3C,
    "oled_width": 128,
    "oled_height": 64,
    # The WS2812 strip: the cat's start, ten hallway spaces, the pantry.
    "led_pin": 16,
    "led_count": 12,
    "track_start": 0,
    "track_hallway": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    "track_pantry": 11,
    "status_leds": (),
    # Milliamps the strip may draw from USB; the brightness cap follows from it
    # (hardware/power.md).
    "led_budget_ma": 300,
    # Buttons: active low, to GND, internal pull-ups. "back" is optional.
    "buttons": {"left": 10, "ok": 11, "right": 12, "back": 13},
    "buzzer_pin": 15,
    "onboard_led": 25,
    "pin_labels": {
        4: "GP4 (pin 6)",
        5: "GP5 (pin 7)",
        10: "GP10 (pin 14)",
        11: "GP11 (pin 15)",
        12: "GP12 (pin 16)",
        13: "GP13 (pin 17)",
        15: "GP15 (pin 20)",
        16: "GP16 (pin 21)",
    },
    # CircuitPython's names for the GPIOs used (board.GP4 ...), its board LED included.
    "circuitpython_pins": {
        4: "GP4",
        5: "GP5",
        10: "GP10",
        11: "GP11",
        12: "GP12",
        13: "GP13",
        15: "GP15",
        16: "GP16",
        25: "LED",
    },
    "power_labels": {
        "3v3": "3V3(OUT) (pin 36)",
        "5v": "VBUS (pin 40)",
        "gnd": "GND (pin 38)",
    },
}
