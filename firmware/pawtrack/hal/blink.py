"""Blinking a problem code, the same on every runtime: the board's own LED, and
the strip's start LED while the device boots without a panel.

The code repeats every ``CYCLE_MS``: ``code`` flashes of ``ON_MS``, ``STEP_MS``
apart, then darkness (1 blink = running, 2 = no OLED; pawtrack.hal.problems).
``StatusBlink.tick(now, code)`` from the main loop changes the pin only when
it must; a backend's subclass says how to set its pin (``show(lit)``).
"""

CYCLE_MS = 3000
STEP_MS = 400
ON_MS = 150


def lit_at(phase, code):
    """Whether the LED is on ``phase`` ms into a cycle of ``code`` blinks."""
    return phase < code * STEP_MS and phase % STEP_MS < ON_MS


class StatusBlink:
    def __init__(self, clock):
        self.clock = clock
        self.start = clock.ticks_ms()
        self.lit = None

    def show(self, lit):
        raise NotImplementedError

    def tick(self, now, code):
        lit = lit_at(self.clock.ticks_diff(now, self.start) % CYCLE_MS, code)
        if lit != self.lit:
            self.show(lit)
            self.lit = lit

    def off(self):
        self.show(False)
        self.lit = False


BOOT_BLINK_MS = 200
BOOT_BLINK_COLOR = (255, 0, 0)


def boot_blinks(strip, clock, start, count):
    """Blink the strip's LED ``start`` red ``count`` times (before the app owns the strip)."""
    colors = [(0, 0, 0)] * strip.count
    for _ in range(count):
        colors[start] = BOOT_BLINK_COLOR
        strip.write(colors)
        clock.sleep_ms(BOOT_BLINK_MS)
        colors[start] = (0, 0, 0)
        strip.write(colors)
        clock.sleep_ms(BOOT_BLINK_MS)
