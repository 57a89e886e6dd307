"""The board definition the backend tests build devices from: the Pico reference wiring.

A valid board file (tests/host/test_device_backend.py checks it with
host_tools.boards), kept here because the MicroPython test runner sees only
firmware/ and this folder.
"""

BOARD = {
    "name": "fixture_board",
    "title": "Test Pico",
    "chip": "rp2040",
    "mpy_arch": "armv6m",
    "runtimes": ("micropython",),
    "usable_pins": ((0, 22), (26, 28)),
    "i2c_id": 0,
    "i2c_sda": 4,
    "i2c_scl": 5,
    "i2c_freq": 400000,
    "oled_address": 0x3C,
    "oled_width": 128,
    "oled_height": 64,
    "led_pin": 16,
    "led_count": 12,
    "track_start": 0,
    "track_hallway": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    "track_pantry": 11,
    "status_leds": (),
    "led_budget_ma": 300,
    "buttons": {"left": 10, "ok": 11, "right": 12, "back": 13},
    "buzzer_pin": 15,
    "onboard_led": 25,
    "pin_labels": {
        4: "GP4",
        5: "GP5",
        10: "GP10",
        11: "GP11",
        12: "GP12",
        13: "GP13",
        15: "GP15",
        16: "GP16",
    },
    "power_labels": {"3v3": "3V3", "5v": "VBUS", "gnd": "GND"},
}
