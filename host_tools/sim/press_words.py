"""Press words: how scripts, tests and tools say which buttons to press, read in one place.

The simulator's --press, the bench's press scripts, the screenshots and golden
scenes, and the emulated-Pico tests' drivers all parse their words here
(``parse_presses``). Words are separated by spaces (or commas):

``left``, ``ok``, ``right``, ``back``
    a short press: held 80 ms, then 120 ms with nothing held;
``ok:long``
    a long press: held 700 ms;
``ok:2000``
    held that many milliseconds (the button test's "Hold OK 2s" is ``ok:2000``);
``wait``
    let the animations finish: time passes until nothing has been redrawn for
    a second (at most ten seconds, so a blinking cursor does not wait forever);
``wait:500``
    let that many milliseconds pass;
``open:ROW``
    on the main menu, move to the row named ROW and pick it: a game by its id
    (``open:chop`` is Cat & Mouse; ``MENU_ROWS`` lists them), ``open:dice`` (the
    Dice & bag tool) or ``open:settings``. Which presses that takes is worked out
    when the word is played, from the menu on the screen (``menu_presses``: left
    or right, the shorter way round, as the menu wraps, then ok), so a script
    that opens rows by name keeps working when a game is added or the games
    are reordered. A player that cannot look at the menu (a real device, the
    emulated Pico) plays the words the simulator worked out (``Simulator.play``).
"""

from pawtrack import games

SHORT_HOLD_MS = 80
LONG_HOLD_MS = 700
GAP_MS = 120
MAX_HOLD_MS = 60000
# A digit's hold in the terminal (and the web page) is that many seconds and a little more,
# as a person holds: the firmware sees a press and its release each a debounce late, and a
# device's loop looks at a held button only between redraws, so "hold OK 2 s" held exactly
# 2000 ms may fall just short on the device (the emulated Pico: still in the button test).
HOLD_MARGIN_MS = 200
WAIT = "wait"
OPEN = "open"
KEY_NAMES = ("left", "ok", "right", "back")
TOOL_ROW = "dice"
SETTINGS_ROW = "settings"
# The rows open: can name, in menu order: the games' ids, then the two rows after them.
MENU_ROWS = tuple(game_id for game_id, _ in games.GAMES) + (TOOL_ROW, SETTINGS_ROW)


class PressError(ValueError):
    """A press word that names no button, kind or menu row, or cannot be played now."""


def milliseconds(text, word):
    if not text.isdigit() or not 0 < int(text) <= MAX_HOLD_MS:
        raise PressError(
            "bad time %r in %r (use milliseconds from 1 to %d, e.g. ok:2000)"
            % (text, word, MAX_HOLD_MS)
        )
    return int(text)


def no_such_row(row, rows=MENU_ROWS):
    return PressError("no main-menu row is called %r (open: takes %s)" % (row, ", ".join(rows)))


def parse_presses(text):
    """'ok right:long ok:2000 wait open:chop' -> [("ok", 80), ("right", 700), ("ok", 2000),
    ("wait", None), ("open", "chop")].

    Each item is (button, milliseconds held), ("wait", milliseconds or None for
    "until the animations are over") or ("open", the row's name).
    """
    presses = []
    for word in text.replace(",", " ").split():
        name, colon, kind = word.partition(":")
        if name == WAIT:
            presses.append((WAIT, milliseconds(kind, word) if colon else None))
            continue
        if name == OPEN:
            if kind not in MENU_ROWS:
                raise no_such_row(kind)
            presses.append((OPEN, kind))
            continue
        if name not in KEY_NAMES:
            raise PressError(
                "unknown button %r (use %s, wait or open:ROW)" % (name, ", ".join(KEY_NAMES))
            )
        if kind in ("", "short"):
            presses.append((name, SHORT_HOLD_MS))
        elif kind == "long":
            presses.append((name, LONG_HOLD_MS))
        elif kind.isdigit():
            presses.append((name, milliseconds(kind, word)))
        else:
            raise PressError(
                "unknown press kind %r in %r (use :long or a time in ms, e.g. ok:2000)"
                % (kind, word)
            )
    return presses


def row_name(screen, index):
    """The open: name of the main menu's row ``index`` (None for a Resume row)."""
    from pawtrack.ui import home

    _, kind, package, _ = screen.row(index)
    if kind == home.GAME:
        return package.ID
    if kind == home.TOOL:
        return TOOL_ROW
    if kind == home.SETTINGS:
        return SETTINGS_ROW
    return None


def menu_presses(screen, row):
    """The short presses that take the main menu ``screen`` from its highlighted row to the
    row named ``row`` and pick it: [("left" or "right", 80), ..., ("ok", 80)]."""
    from pawtrack.ui.home import HomeScreen

    if not isinstance(screen, HomeScreen):
        raise PressError(
            "open:%s is played on the main menu, but the screen is %s (go back to the menu"
            " first)" % (row, type(screen).__name__)
        )
    count = screen.count()
    names = [row_name(screen, index) for index in range(count)]
    if row not in names:
        raise no_such_row(row, [name for name in names if name])
    target = names.index(row)
    rightward = (target - screen.selected) % count
    leftward = (screen.selected - target) % count
    if rightward <= leftward:
        moves = ["right"] * rightward
    else:
        moves = ["left"] * leftward
    return [(name, SHORT_HOLD_MS) for name in moves + ["ok"]]


def word_text(name, ms):
    """A button press or wait back as its word: ("ok", 80) -> "ok", ("ok", 700) -> "ok:long"."""
    if name == OPEN:
        return "open:" + ms
    if name == WAIT:
        return WAIT if ms is None else "wait:%d" % ms
    if ms == SHORT_HOLD_MS:
        return name
    if ms == LONG_HOLD_MS:
        return name + ":long"
    return "%s:%d" % (name, ms)
