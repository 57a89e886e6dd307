"""Read and check the board definitions in board_defs/ (one file per board).

    python -m host_tools.boards            # check every board file
    python -m host_tools.boards pico       # check one

A board file is data only: a docstring and ``BOARD = {...}`` of plain literals.
It is read here without being run (``ast.literal_eval``), so a file that does
anything else is refused. ``load_board`` returns the checked dict or raises
``BoardError`` with one line naming the file and the field, for example::

    board_defs/pico.py: buttons.ok: GPIO 40 is out of range 0-29 for the rp2040

``make flash`` calls it before touching the device. The fields are listed in
docs/hardware.md.
"""

import ast
import os
import re
import sys

import host_tools  # noqa: F401 - puts firmware/ on sys.path
from pawtrack.boarddef import brightness_cap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD_DIR = os.path.join(ROOT, "board_defs")

# GPIO numbers each chip has, and the mpy architecture of its CPU core.
CHIPS = {
    "rp2040": {"gpios": 30, "arch": "armv6m"},
    "rp2350": {"gpios": 48, "arch": "armv7emsp"},
}
BUTTONS_REQUIRED = ("left", "ok", "right")
BUTTONS_OPTIONAL = ("back",)
OLED_ADDRESSES = (0x3C, 0x3D)
OLED_SIZES = ((128, 64),)  # the screens are laid out for 64 rows; a 128x32 panel is refused
MIN_HALLWAY = 10
POWER_LABELS = ("3v3", "5v", "gnd")
# The firmwares the referee runs under: MicroPython (hal/rp2) and CircuitPython (hal/circuitpython).
RUNTIMES = ("micropython", "circuitpython")

FIELDS = (
    "name",
    "title",
    "chip",
    "mpy_arch",
    "micropython_board",
    "runtimes",
    "usable_pins",
    "i2c_id",
    "i2c_sda",
    "i2c_scl",
    "i2c_freq",
    "oled_address",
    "oled_width",
    "oled_height",
    "led_pin",
    "led_count",
    "track_start",
    "track_hallway",
    "track_pantry",
    "status_leds",
    "led_budget_ma",
    "buttons",
    "buzzer_pin",
    "onboard_led",
    "pin_labels",
    "circuitpython_pins",
    "power_labels",
)


class BoardError(ValueError):
    """A board file that cannot be used; the message is one line."""


def board_path(name):
    return os.path.join(BOARD_DIR, name + ".py")


def board_names():
    """The names of every board file, sorted (pico first is not implied)."""
    return sorted(n[:-3] for n in os.listdir(BOARD_DIR) if n.endswith(".py") and n[0] != "_")


def shown_path(path):
    relative = os.path.relpath(path, ROOT)
    return path if relative.startswith("..") else relative.replace(os.sep, "/")


def load_board(name_or_path):
    """The checked BOARD dict of a board name ("pico") or a path to a board file."""
    path = name_or_path
    if not name_or_path.endswith(".py"):
        path = board_path(name_or_path)
        if not os.path.exists(path):
            raise BoardError(
                "no board named %r (board_defs/ has: %s)" % (name_or_path, ", ".join(board_names()))
            )
    where = shown_path(path)
    with open(path, encoding="utf-8") as f:
        source = f.read()
    board = parse_board(source, where)
    check_board(board, os.path.basename(path)[:-3], where)
    return board


def parse_board(source, where):
    """The BOARD literal of a board file's source, refusing anything but data."""
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise BoardError("%s: line %s: %s" % (where, error.lineno, error.msg)) from None
    literal = None
    for index, node in enumerate(tree.body):
        if index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        is_board = (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == "BOARD"
        )
        if not is_board or literal is not None:
            raise BoardError(
                "%s: line %d: only a docstring and one BOARD = {...} are allowed"
                % (where, node.lineno)
            )
        literal = node.value
    if literal is None:
        raise BoardError("%s: BOARD: missing (the file must assign BOARD = {...})" % where)
    if not isinstance(literal, ast.Dict):
        raise BoardError("%s: BOARD: must be a dict" % where)
    seen = set()
    for key in literal.keys:
        if isinstance(key, ast.Constant):
            if key.value in seen:
                raise BoardError("%s: %s: given twice" % (where, key.value))
            seen.add(key.value)
    try:
        return ast.literal_eval(literal)
    except ValueError:
        raise BoardError("%s: BOARD: must hold plain literals only" % where) from None


class _Checker:
    def __init__(self, board, where):
        self.board = board
        self.where = where

    def fail(self, field, text):
        raise BoardError("%s: %s: %s" % (self.where, field, text))

    def get(self, field, kind, optional=False):
        if field not in self.board:
            if optional:
                return None
            self.fail(field, "missing")
        value = self.board[field]
        if optional and value is None:
            return None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            self.fail(field, "must be %s, not %r" % (names, value))
        return value

    def number(self, field, low, high, value=None):
        if value is None:
            value = self.get(field, int)
        elif not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, "must be a whole number, not %r" % (value,))
        if not low <= value <= high:
            self.fail(field, "%r is out of range %d-%d" % (value, low, high))
        return value

    def pin(self, field, value, chip, usable):
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, "must be a GPIO number, not %r" % (value,))
        top = CHIPS[chip]["gpios"] - 1
        if not 0 <= value <= top:
            self.fail(field, "GPIO %d is out of range 0-%d for the %s" % (value, top, chip))
        if value not in usable:
            self.fail(field, "GPIO %d is not on this board's header (usable_pins)" % value)
        return value

    def led_index(self, field, value, count):
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, "must be an LED index, not %r" % (value,))
        if not 0 <= value < count:
            self.fail(field, "LED %d is beyond the strip (led_count %d)" % (value, count))
        return value


def check_board(board, stem, where):
    """Raise BoardError naming the first field that is wrong; None if all is well."""
    c = _Checker(board, where)
    for key in board:
        if key not in FIELDS:
            c.fail(key, "unknown field (known: %s)" % ", ".join(FIELDS))
    name = c.get("name", str)
    if name != stem:
        c.fail("name", "%r must match the file name %r" % (name, stem))
    if not c.get("title", str).strip():
        c.fail("title", "must not be empty")
    chip = c.get("chip", str)
    if chip not in CHIPS:
        c.fail("chip", "%r is not one of %s" % (chip, ", ".join(CHIPS)))
    arch = c.get("mpy_arch", str)
    if arch != CHIPS[chip]["arch"]:
        c.fail("mpy_arch", "the %s needs %r, not %r" % (chip, CHIPS[chip]["arch"], arch))
    build = c.get("micropython_board", str, optional=True)
    if build is not None and not re.match(r"^[A-Z][A-Z0-9_]*$", build):
        c.fail("micropython_board", "%r is not a MicroPython board name like RPI_PICO" % build)
    runtimes = c.get("runtimes", (tuple, list))
    if not runtimes:
        c.fail("runtimes", "must name at least one of %s" % ", ".join(RUNTIMES))
    for runtime in runtimes:
        if runtime not in RUNTIMES:
            c.fail("runtimes", "%r is not one of %s" % (runtime, ", ".join(RUNTIMES)))
    if len(set(runtimes)) != len(runtimes):
        c.fail("runtimes", "names a runtime twice")

    top = CHIPS[chip]["gpios"] - 1
    usable = set()
    for span in c.get("usable_pins", (tuple, list)):
        ok = isinstance(span, (tuple, list)) and len(span) == 2
        ok = ok and all(isinstance(p, int) and not isinstance(p, bool) for p in span)
        if not ok or not 0 <= span[0] <= span[1] <= top:
            c.fail("usable_pins", "%r is not a (first, last) range of GPIOs 0-%d" % (span, top))
        usable.update(range(span[0], span[1] + 1))

    bus = c.number("i2c_id", 0, 1)
    used = {}  # pin -> field, to find a pin given two jobs

    def claim(field, pin):
        c.pin(field, pin, chip, usable)
        if pin in used:
            c.fail(field, "GPIO %d is already used by %s" % (pin, used[pin]))
        used[pin] = field

    sda = c.get("i2c_sda", int)
    claim("i2c_sda", sda)
    if sda % 4 != 2 * bus:
        c.fail(
            "i2c_sda",
            "GPIO %d cannot be SDA of I2C%d (use a GPIO n with n %% 4 == %d)" % (sda, bus, 2 * bus),
        )
    scl = c.get("i2c_scl", int)
    claim("i2c_scl", scl)
    if scl % 4 != 2 * bus + 1:
        c.fail(
            "i2c_scl",
            "GPIO %d cannot be SCL of I2C%d (use a GPIO n with n %% 4 == %d)"
            % (scl, bus, 2 * bus + 1),
        )
    c.number("i2c_freq", 10000, 1000000)

    address = c.get("oled_address", int)
    if address not in OLED_ADDRESSES:
        c.fail("oled_address", "0x%02X is not an SSD1306 address (0x3C or 0x3D)" % address)
    size = (c.get("oled_width", int), c.get("oled_height", int))
    if size not in OLED_SIZES:
        c.fail(
            "oled_height" if size[0] == 128 else "oled_width",
            "%dx%d is not a supported panel: the screens are laid out for a 128x64 panel"
            "%s" % (size + ((" (a 128x32 panel would cut every game's bottom half)"
                             if size == (128, 32) else ""),)),
        )

    claim("led_pin", c.get("led_pin", int))
    count = c.number("led_count", 1, 256)
    track = [c.led_index("track_start", c.get("track_start", int), count)]
    hallway = c.get("track_hallway", (tuple, list))
    if len(hallway) < MIN_HALLWAY:
        c.fail(
            "track_hallway",
            "has %d LEDs; the cat needs at least %d hallway spaces" % (len(hallway), MIN_HALLWAY),
        )
    for value in hallway:
        track.append(c.led_index("track_hallway", value, count))
    track.append(c.led_index("track_pantry", c.get("track_pantry", int), count))
    if len(set(track)) != len(track):
        c.fail("track_hallway", "the track uses an LED twice (start, hallway and pantry)")
    status = c.get("status_leds", (tuple, list))
    for value in status:
        c.led_index("status_leds", value, count)
        if value in track:
            c.fail("status_leds", "LED %d is also on the cat's track" % value)
    if len(set(status)) != len(status):
        c.fail("status_leds", "lists an LED twice")
    budget = c.number("led_budget_ma", 1, 3000)
    if brightness_cap(budget, count) < 1:
        c.fail("led_budget_ma", "%d mA does not even cover %d dark LEDs" % (budget, count))

    buttons = c.get("buttons", dict)
    for button in BUTTONS_REQUIRED:
        if button not in buttons:
            c.fail("buttons." + button, "missing")
    for button, pin in buttons.items():
        if button not in BUTTONS_REQUIRED + BUTTONS_OPTIONAL:
            c.fail("buttons." + str(button), "unknown button (left, ok, right, back)")
        claim("buttons." + button, pin)
    buzzer = c.get("buzzer_pin", int, optional=True)
    if buzzer is not None:
        claim("buzzer_pin", buzzer)
    onboard = c.get("onboard_led", (int, str), optional=True)
    if isinstance(onboard, int) and not 0 <= onboard <= top:
        c.fail("onboard_led", "GPIO %d is out of range 0-%d for the %s" % (onboard, top, chip))
    if isinstance(onboard, str) and onboard != "LED":
        c.fail("onboard_led", 'must be a GPIO number or "LED", not %r' % onboard)

    labels = c.get("pin_labels", dict)
    for pin, field in sorted(used.items()):
        label = labels.get(pin)
        if not isinstance(label, str) or not label.strip():
            c.fail("pin_labels", "GPIO %d (%s) needs a label saying where it is" % (pin, field))
    power = c.get("power_labels", dict)
    for rail in POWER_LABELS:
        if not isinstance(power.get(rail), str) or not power[rail].strip():
            c.fail("power_labels." + rail, "missing")
    check_circuitpython_pins(c, board, used, onboard)


def check_circuitpython_pins(c, board, used, onboard):
    """CircuitPython names its pins (board.GP4, board.D5): a board that runs it names each one."""
    names = c.get("circuitpython_pins", dict, optional=True)
    if "circuitpython" not in board["runtimes"]:
        if names is not None:
            c.fail("circuitpython_pins", "given, but runtimes does not include circuitpython")
        return
    if names is None:
        c.fail("circuitpython_pins", "missing (runtimes includes circuitpython)")
    wanted = dict(used)
    if isinstance(onboard, int):
        wanted[onboard] = "onboard_led"
    for pin in names:
        if pin not in wanted:
            c.fail("circuitpython_pins", "GPIO %r is not used by this board" % (pin,))
    seen = {}
    fail = c.fail
    for pin, field in sorted(wanted.items()):
        name = names.get(pin)
        if name is None:
            c.fail("circuitpython_pins", "GPIO %d (%s) needs its CircuitPython name" % (pin, field))
        if not isinstance(name, str) or not name.isidentifier():
            fail("circuitpython_pins", "GPIO %d: %r is not a pin name like GP4 or D5" % (pin, name))
        if name in seen:
            fail("circuitpython_pins", "%s names GPIO %d and GPIO %d" % (name, seen[name], pin))
        seen[name] = pin


def supports(board, runtime):
    """Whether the board file says the referee runs on it under ``runtime``."""
    return runtime in board["runtimes"]


def used_pins(board):
    """[(job, GPIO)] of every pin the board definition wires, in wiring order."""
    pins = [("OLED SDA", board["i2c_sda"]), ("OLED SCL", board["i2c_scl"])]
    pins.append(("LED strip data", board["led_pin"]))
    for button in BUTTONS_REQUIRED + BUTTONS_OPTIONAL:
        if button in board["buttons"]:
            pins.append(("button " + button, board["buttons"][button]))
    if board.get("buzzer_pin") is not None:
        pins.append(("buzzer", board["buzzer_pin"]))
    return pins


def main(argv=None):
    names = (sys.argv[1:] if argv is None else argv) or board_names()
    failed = 0
    for name in names:
        try:
            board = load_board(name)
        except BoardError as error:
            print("board: %s" % error)
            failed += 1
            continue
        cap = brightness_cap(board["led_budget_ma"], board["led_count"])
        print(
            "board: %s ok (%s, %d LEDs, brightness cap %d)"
            % (name, board["title"], board["led_count"], cap)
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
