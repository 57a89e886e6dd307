"""Pictures of the simulated OLED: text, PNG and terminal renderings."""

LIT = "#"
DARK = "."
PNG_SCALE = 4
PNG_LIT = (170, 220, 255)  # the pale blue-white of a typical SSD1306
PNG_DARK = (0, 0, 0)


def pixel(buffer, width, x, y):
    return (buffer[(y >> 3) * width + x] >> (y & 7)) & 1


def as_rows(buffer, width=128, height=64):
    """The frame as a list of rows of 0/1."""
    return [[pixel(buffer, width, x, y) for x in range(width)] for y in range(height)]


def as_text(buffer, width=128, height=64):
    """64 lines of 128 characters, '#' lit and '.' dark."""
    return [
        "".join(LIT if value else DARK for value in row) for row in as_rows(buffer, width, height)
    ]


def as_image(buffer, width=128, height=64, scale=PNG_SCALE):
    """A Pillow image with each OLED pixel as a scale x scale block."""
    from PIL import Image

    image = Image.new("RGB", (width, height), PNG_DARK)
    pixels = image.load()
    for y, row in enumerate(as_rows(buffer, width, height)):
        for x, value in enumerate(row):
            if value:
                pixels[x, y] = PNG_LIT
    return image.resize((width * scale, height * scale), Image.NEAREST)


def save_png(buffer, path, width=128, height=64):
    as_image(buffer, width, height).save(path)


def half_blocks(buffer, width=128, height=64):
    """Two pixel rows per terminal line with the half-block characters (128 columns)."""
    rows = as_rows(buffer, width, height)
    chars = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
    lines = []
    for y in range(0, height, 2):
        lines.append("".join(chars[(rows[y][x], rows[y + 1][x])] for x in range(width)))
    return lines


# Braille dot bits for (column, row) within a 2x4 cell.
BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille(buffer, width=128, height=64):
    """2x4 pixels per character: the whole 128x64 frame in 64 columns by 16 lines."""
    rows = as_rows(buffer, width, height)
    lines = []
    for y in range(0, height, 4):
        line = []
        for x in range(0, width, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if rows[y + dy][x + dx]:
                        bits |= BRAILLE_BITS[dy][dx]
            line.append(chr(0x2800 + bits))
        lines.append("".join(line))
    return lines


def led_text(colors):
    """The LED colours as '#rrggbb' words, index order."""
    return " ".join("#%02x%02x%02x" % tuple(color) for color in colors)
