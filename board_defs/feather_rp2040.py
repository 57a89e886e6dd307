"""Adafruit Feather RP2040: the referee on a Feather, the OLED on its STEMMA QT port.

Data only (see pico.py for the format). The STEMMA QT socket and the SDA/SCL
pads are I2C1 on GPIO2/GPIO3, so a STEMMA QT SSD1306 plugs in with one cable.
The Feather's own single NeoPixel (GPIO16) is left alone: the track strip is a
separate strip on D5. The red LED on D13 shows the blink codes.
"""

BOARD = {
    "name": "feather_rp2040",
    "title": "Adafruit Feather RP2040",
    "chip": "rp2040",
    "mpy_arch": "armv6m",
    # The MicroPython build for this board (`make uf2` freezes pawtrack into it).
    "micropython_board": "ADAFRUIT_FEATHER_RP2040",
    # The firmwares this board runs the referee under (make flash RUNTIME=...).
    "runtimes": ("micropython", "circuitpython"),
    # GPIO ranges (first, last) on the header: TX RX SDA SCL, D4-D13, SCK MO MI, D24 D25 A0-A3.
    "usable_pins": ((0, 3), (6, 13), (18, 20), (24, 29)),
    "i2c_id": 1,
    "i2c_sda": 2,
    "i2c_scl": 3,
    "i2c_freq": 400000,
    "oled_address": 0x3C,
    "oled_width": 128,
    "oled_height": 64,
    "led_pin": 7,
    "led_count": 12,
    "track_start": 0,
    "track_hallway": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    "track_pantry": 11,
    "status_leds": (),
    "led_budget_ma": 300,
    "buttons": {"left": 9, "ok": 10, "right": 11, "back": 12},
    "buzzer_pin": 26,
    "onboard_led": 13,
    "pin_labels": {
        2: "SDA (STEMMA QT)",
        3: "SCL (STEMMA QT)",
        7: "D5",
        9: "D9",
        10: "D10",
        11: "D11",
        12: "D12",
        26: "A0",
    },
    # CircuitPython's names for the GPIOs used (board.SDA, board.D5 ...), its red LED included.
    "circuitpython_pins": {
        2: "SDA",
        3: "SCL",
        7: "D5",
        9: "D9",
        10: "D10",
        11: "D11",
        12: "D12",
        13: "D13",
        26: "A0",
    },
    "power_labels": {
        "3v3": "3.3V",
        "5v": "USB",
        "gnd": "GND",
    },
}
