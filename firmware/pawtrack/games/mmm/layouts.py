"""Mmm! board layouts: the two EXAMPLE layouts, the text-grid parser, validation.

The real layouts of the two board sides are not published (docs/rules/mmm.md,
1.5). The layouts below (``EXAMPLE_SIDE_1``, ``EXAMPLE_SIDE_2``: rows of item
names) are INVENTED EXAMPLES: they satisfy every known constraint but are not
the owner's board; ``example_grid`` prints one as a text grid. An owner types their own board as a
text grid in the same shape, checks it with ``host_tools/mmm_layout.py`` and
installs it with the same tool's ``--install`` (docs/mmm-layouts.md);
own_layouts.py keeps the installed records on flash and puts them into ``OWN``
when the device starts.

Text grid: one line per board row, one token per square, optionally prefixed
by ``rN:``. A token is an item name (food code + anything, e.g. ``Ca1``) or
``.`` / ``--`` for a square without food. Lines starting with ``#`` are
comments; a line ``side 1`` or ``side 2`` names the board side. Food codes:
Br bread, Fi fish, Cu cucumber, Ch cheese, Ca carrot.

Layout record (the JSON kept on the device)::

    {"side": 1, "rows": 7, "cols": 7, "items": {"Ca1": [[0, 0], [0, 1]], ...}}

An items-only record, for the "items" knowledge level (only the food and size
of each item known), lists sizes instead of squares::

    {"side": 1, "items": {"Ca1": 4, "Fi1": 3, ...}}
"""

from pawtrack.games.mmm import MAX_SQUARES

FOOD_CODES = {"Br": "bread", "Fi": "fish", "Cu": "cucumber", "Ch": "cheese", "Ca": "carrot"}
SIZE_LIMITS = {1: (2, 4), 2: (2, 5)}  # smallest and largest item per board side
MAX_EDGE = 12  # rows and columns a grid may have

# The INVENTED EXAMPLE layouts of the two sides (not the real board): one tuple of
# item names per row, the grid an owner would type (``example_grid`` prints it). Kept
# as data, not as text, so a match's start makes its board without parsing a grid.
EXAMPLE_SIDE_1 = (
    ("Ca1", "Ca1", "Ca1", "Ca1", "Fi1", "Fi1", "Fi1"),
    ("Br1", "Br1", "Cu1", "Cu1", "Cu1", "Ch1", "Ch1"),
    ("Br1", "Br1", "Fi2", "Fi2", "Fi2", "Fi2", "Ch2"),
    ("Ca2", "Ca2", "Ca2", "Br2", "Br2", "Br2", "Ch2"),
    ("Cu2", "Cu2", "Cu2", "Ch3", "Ch3", "Ch3", "Ca3"),
    ("Fi3", "Fi3", "Br3", "Br3", "Br3", "Ca3", "Ca3"),
    ("Cu3", "Cu3", "Cu3", "Ch4", "Ch4", "Ch4", "Ch4"),
)

EXAMPLE_SIDE_2 = (
    ("Ca1", "Ca1", "Ca1", "Ca1", "Ca1", "Ch1", "Fi1"),
    ("Cu1", "Cu1", "Cu1", "Cu1", "Br1", "Ch1", "Fi1"),
    ("Ch2", "Ch2", "Ch2", "Br1", "Br1", "Ch1", "Fi1"),
    ("Cu2", "Cu2", "Cu2", "Br1", "Br1", "Fi2", "Fi1"),
    ("Br2", "Br2", "Br2", "Br2", "Br2", "Fi2", "Fi1"),
    ("Ca2", "Ca2", "Ca2", "Ca2", "Ca2", "Fi2", "Cu3"),
    ("Ch3", "Ch3", "Ch3", "Fi3", "Fi3", "Cu3", "Cu3"),
)

EXAMPLES = {1: EXAMPLE_SIDE_1, 2: EXAMPLE_SIDE_2}

# The owner's own layouts (or items-only records), by side, once installed.
OWN = {}


def food_of(name):
    """The food of an item name such as "Ca1" (KeyError if the code is unknown)."""
    return FOOD_CODES[name[:2]]


def parse_grid(text, side=None):
    """A layout record from a text grid; raises ValueError saying what is wrong.

    ``side`` is used when the text has no ``side N`` line.
    """
    layout = read_grid(text, side)
    error = validate(layout)
    if error:
        raise ValueError(error)
    return layout


def read_grid(text, side=None):
    """The record a text grid spells, its shape unchecked (``parse_grid`` checks it)."""
    rows = []
    for raw in text.split("\n"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "side":
            if len(words) != 2 or words[1] not in ("1", "2"):
                raise ValueError("bad side line: " + line)
            side = int(words[1])
            continue
        if words[0].endswith(":"):
            words = words[1:]
        rows.append(words)
    if side is None:
        raise ValueError("no side given (add a line 'side 1' or 'side 2')")
    if not rows:
        raise ValueError("no rows in the grid")
    items = {}
    for r, words in enumerate(rows):
        for c, word in enumerate(words):
            if word in (".", "--"):
                continue
            if word[:2] not in FOOD_CODES or len(word) < 3:
                raise ValueError("row %d col %d: bad item name %s" % (r, c, word))
            items.setdefault(word, []).append([r, c])
    cols = 0
    for words in rows:
        cols = max(cols, len(words))
    return {"side": side, "rows": len(rows), "cols": cols, "items": items}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _connected(squares):
    """True if the squares form one piece through edge neighbours."""
    todo = [squares[0]]
    seen = {squares[0]}
    wanted = set(squares)
    while todo:
        r, c = todo.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in wanted and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(wanted)


def _check_size(name, size, side):
    low, high = SIZE_LIMITS[side]
    if size < low or size > high:
        return "%s has %d squares; side %d items have %d to %d" % (name, size, side, low, high)
    return None


def _check_squares(name, squares, rows, cols, used):
    cells = []
    for square in squares:
        if not isinstance(square, (list, tuple)) or len(square) != 2:
            return None, "%s: a square must be [row, col]" % name
        r, c = square
        if not _is_int(r) or not _is_int(c) or not (0 <= r < rows and 0 <= c < cols):
            return None, "%s: square %r is off the %dx%d grid" % (name, square, rows, cols)
        if (r, c) in used:
            return None, "square %d,%d is in both %s and %s" % (r, c, used[(r, c)], name)
        used[(r, c)] = name
        cells.append((r, c))
    if not _connected(cells):
        return None, "%s is not connected" % name
    return cells, None


def validate(layout):
    """None if the record is a usable layout or items-only record, else the reason."""
    if not isinstance(layout, dict):
        return "a layout must be a JSON object"
    side = layout.get("side")
    if side not in (1, 2) or not _is_int(side):
        return "side must be 1 or 2"
    items = layout.get("items")
    if not isinstance(items, dict) or not items:
        return "no items"
    sizes_only = None
    total = 0
    used = {}
    for name in sorted(items):
        if not isinstance(name, str) or name[:2] not in FOOD_CODES or len(name) < 3:
            return "bad item name %r (start with Br, Fi, Cu, Ch or Ca)" % (name,)
        value = items[name]
        if sizes_only is None:
            sizes_only = _is_int(value)
            if not sizes_only:
                rows, cols = layout.get("rows"), layout.get("cols")
                if not _is_int(rows) or not _is_int(cols):
                    return "rows and cols must be whole numbers"
                if not (1 <= rows <= MAX_EDGE and 1 <= cols <= MAX_EDGE):
                    return "rows and cols must be 1 to %d" % MAX_EDGE
        if sizes_only != _is_int(value):
            return "mixed squares and sizes in items"
        if sizes_only:
            size = value
        else:
            if not isinstance(value, list) or not value:
                return "%s: squares must be a non-empty list" % name
            cells, error = _check_squares(name, value, rows, cols, used)
            if error:
                return error
            size = len(cells)
        error = _check_size(name, size, side)
        if error:
            return error
        total += size
    if total > MAX_SQUARES:
        return "%d food squares; at most %d" % (total, MAX_SQUARES)
    return None


def has_squares(layout):
    """True for a full layout, False for an items-only record."""
    for name in layout["items"]:
        return not _is_int(layout["items"][name])
    return False


def example_layout(side):
    """The EXAMPLE layout of a board side as a record, made at each call (the board
    copies what it needs from it).

    Not validated here: the examples are fixed, and tests/core/test_mmm_layouts
    checks them on every interpreter (the check took 30 ms of each Mmm! start on
    the Pico)."""
    rows = EXAMPLES[side]
    items = {}
    for r in range(len(rows)):
        row = rows[r]
        for c in range(len(row)):
            if row[c] != ".":
                items.setdefault(row[c], []).append([r, c])
    return {"side": side, "rows": len(rows), "cols": len(rows[0]), "items": items}


def example_grid(side):
    """The EXAMPLE layout of a board side as the text grid an owner would type."""
    lines = ["# EXAMPLE layout for side %d (invented), not the real board" % side]
    lines.append("side %d" % side)
    for r, row in enumerate(EXAMPLES[side]):
        lines.append("r%d: %s" % (r, " ".join(row)))
    return "\n".join(lines) + "\n"


def install(layout):
    """Use ``layout`` as the owner's own board for its side; ValueError if invalid.

    In memory only; ``own_layouts.save_record`` also keeps it on flash.
    """
    error = validate(layout)
    if error:
        raise ValueError(error)
    OWN[layout["side"]] = layout


def uninstall(side):
    OWN.pop(side, None)


def get_layout(side, which):
    """The record for option ``layout``: "example" or "own" (ValueError if none installed)."""
    if which == "example":
        return example_layout(side)
    if which == "own":
        if side not in OWN:
            raise ValueError("no own layout installed for side %d" % side)
        return OWN[side]
    raise ValueError("unknown layout: %s" % which)


def item_sizes(layout):
    """[(name, food, size)] sorted by name, for full and items-only records."""
    result = []
    items = layout["items"]
    for name in sorted(items):
        value = items[name]
        size = value if _is_int(value) else len(value)
        result.append((name, food_of(name), size))
    return result
