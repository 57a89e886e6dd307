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
        self.track_leds = tuple(track)
        self.status_leds = tuple(status)
        self.max_brightness = max_brightness
        self.level = 255  # the settings' share of the cap, 0-255
        self.colors = [OFF] * count
        self.written = None

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

    def scaled(self):
        """The colours as they go to the strip, brightness applied."""
        factor = (self.max_brightness * self.level) // 255
        out = []
        for r, g, b in self.colors:
            out.append(((r * factor) // 255, (g * factor) // 255, (b * factor) // 255))
        return out

    def flush(self, strip):
        """Write the strip if the scaled colours changed; True if written."""
        colors = self.scaled()
        if colors == self.written:
            return False
        strip.write(colors)
        self.written = colors
        return True
