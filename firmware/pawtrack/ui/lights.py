"""The one owner of the LED strip: screens paint a layer, this writes it.

Screens never touch the strip. Each frame the app clears a ``Lights`` layer,
lets the current screen paint it (by strip index, or by position on the cat's
track), and ``flush`` scales every colour by the brightness (the settings
level times the board's power cap) and writes the strip only if something
changed, because a NeoPixel write blocks interrupts for the whole strip.
"""

OFF = (0, 0, 0)
RED = (255, 0, 0)
GREEN = (0, 255, 0)
BLUE = (0, 0, 255)
YELLOW = (255, 180, 0)
ORANGE = (255, 90, 0)
WHITE = (255, 255, 255)
GREY = (90, 90, 90)
PURPLE = (160, 0, 255)
CYAN = (0, 200, 200)

# Colours for the foods of Mmm! (and anything else named by food).
FOOD_COLORS = {
    "bread": (255, 140, 20),
    "fish": (0, 90, 255),
    "cucumber": (0, 200, 0),
    "cheese": (255, 210, 0),
    "carrot": (255, 60, 0),
    "x": RED,
}


class Lights:
    def __init__(self, count, track=(), status=(), max_brightness=255):
        self.count = count
        self.track_leds = track  # the board's own sequences (indexed, never changed)
        self.status_leds = status
        self.max_brightness = max_brightness
        self.level = 255  # the settings' share of the cap, 0-255
        self.colors = [OFF] * count
        # The scaled colours as bytes, three a LED: this frame's, and the last written
        # (None: nothing yet).
        self.fresh = bytearray(3 * count)
        self.shown = None

    def clear(self):
        for i in range(self.count):
            self.colors[i] = OFF

    def set(self, index, color):
        if 0 <= index < self.count:
            self.colors[index] = color

    def track(self, position, color):
        """Colour the LED of a cat-track position (0 = start, last = pantry)."""
        if 0 <= position < len(self.track_leds):
            self.set(self.track_leds[position], color)

    def status(self, index, color):
        if 0 <= index < len(self.status_leds):
            self.set(self.status_leds[index], color)

    def flush(self, strip):
        """Scale the colours by the brightness and write the strip if they changed; True if
        written."""
        factor = (self.max_brightness * self.level) // 255
        fresh = self.fresh
        at = 0
        for r, g, b in self.colors:
            fresh[at] = (r * factor) // 255
            fresh[at + 1] = (g * factor) // 255
            fresh[at + 2] = (b * factor) // 255
            at += 3
        shown = self.shown
        if fresh == shown:
            return False
        strip.write([(fresh[i], fresh[i + 1], fresh[i + 2]) for i in range(0, at, 3)])
        self.shown = fresh
        self.fresh = shown if shown is not None else bytearray(at)
        return True
