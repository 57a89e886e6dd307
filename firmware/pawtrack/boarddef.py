"""A board definition (board_defs/*.py) turned into what the core needs.

The board files hold wiring facts: pins, LED count, which LEDs are the cat's
track, the milliamps the strip may draw. The core (``pawtrack.ui.app``) wants a
few derived values in ``Hal.board``: ``track`` (LED indices from the cat's
start through the hallway to the pantry), ``status``, ``led_count``,
``oled_height`` and ``max_brightness``. ``core_board(BOARD)`` adds them; it runs
on the device (main.py) and on the host (flash, wiring, docs), so both derive
the same cap from the same numbers.

The brightness cap. A WS2812B draws about 20 mA per colour channel at full
duty, so about 60 mA per LED at full white, plus about 1 mA per LED even when
dark. With ``n`` LEDs and a budget of ``B`` mA for the strip::

    max_brightness = min(255, (B - n * 1) * 255 // (n * 60))

``pawtrack.ui.lights`` scales every channel by max_brightness / 255 (times the
brightness setting), so even every LED at full white stays within ``B``.
hardware/power.md works the numbers for the reference build.
"""

MA_FULL_WHITE_PER_LED = 60
MA_IDLE_PER_LED = 1


def brightness_cap(budget_ma, led_count):
    """The 0-255 cap that keeps ``led_count`` LEDs at full white within ``budget_ma``."""
    if led_count <= 0:
        return 255
    usable = budget_ma - led_count * MA_IDLE_PER_LED
    if usable <= 0:
        return 0
    return min(255, usable * 255 // (led_count * MA_FULL_WHITE_PER_LED))


def strip_current_ma(led_count, max_brightness):
    """The most the strip can draw with the cap applied (every LED full white)."""
    full = led_count * MA_FULL_WHITE_PER_LED * max_brightness // 255
    return full + led_count * MA_IDLE_PER_LED


def track_leds(board):
    """The LED indices of the cat's track: start, the hallway in order, the pantry."""
    return [board["track_start"]] + list(board["track_hallway"]) + [board["track_pantry"]]


def core_board(board):
    """A copy of the board definition with the derived fields the core reads."""
    out = dict(board)
    out["track"] = track_leds(board)
    out["status"] = list(board.get("status_leds", ()))
    out["max_brightness"] = brightness_cap(board["led_budget_ma"], board["led_count"])
    return out
