"""The device's entry point: the main menu first, then everything else.

MicroPython runs this file at power-up, and again at every switch between
the main menu and a game (a soft reset: pawtrack.hal.launcher). It mounts the
firmware bundle that ``make flash`` wrote (firmware/bundlefs.py), builds the
panel and the buttons from the board definition (``board``), takes the launch
record, draws the main menu (or opens the game the record names), and only then
loads and starts the rest: the LED strip, sound, watchdog, the serial
protocol, the saved games and the games' own start-up (every module costs
milliseconds to load on the Pico). Then it runs the loop (``Device.run``;
Ctrl-C leaves a REPL for mpremote). ``start()`` does everything but the loop.

In the one-file firmware (`make uf2`) this file, ``board`` and ``pawtrack``
are frozen; ``frozen_first`` puts them before any file on sys.path, so files
an earlier ``make flash`` left never shadow them (docs/hardware.md).
"""

import gc
import sys

# Collect whenever this much was allocated since the last collection, not only when the
# heap is full: the garbage that loading code and playing make is then reused while the
# heap fills from its low end, so what lives stays together and large blocks stay free
# (Mice & Mystics' boot on the .mpy build met MemoryError without it). On the .mpy build
# a boot loads its code into the heap, and every collection walks everything alive, so
# until a boot's first picture is up it collects less often: a game's every
# WHILE_LOADING bytes, the main menu's every BEFORE_MENU bytes. What keeps the heap in
# one piece is collecting often during play (docs/performance.md has both measured).
# The UF2's code is in flash: it starts collecting once its first picture is up, and
# its heap holds only what the app makes, with room to spare, so it lets more pile up
# (FROZEN_COLLECT_EVERY): one press seldom makes that much, so a collection seldom
# falls inside a press, and the device's collection once the screen is still
# (Hal.idle) frees the press's garbage while nobody waits.
COLLECT_EVERY = 16384
FROZEN_COLLECT_EVERY = 49152
WHILE_LOADING = 49152
BEFORE_MENU = 65536


def collect_often(every=None):
    """Collect every ``every`` bytes allocated; by default, the interval for play."""
    if every is None:
        every = COLLECT_EVERY if bundlefs is not None else FROZEN_COLLECT_EVERY
    if hasattr(gc, "threshold"):  # MicroPython's (CPython's tests import this file too)
        gc.threshold(every)


def frozen_first(path=sys.path):
    """Search the modules frozen into the firmware before the filesystem."""
    if ".frozen" in path:
        path.remove(".frozen")
        path.insert(0, ".frozen")


frozen_first()

# Built-in modules that a file of the same name may extend. MicroPython looks for such a
# file in every folder of sys.path at each `import json` (they are not kept in
# sys.modules), which costs 4-6 ms an import on the Pico; a game's boot has about
# twenty of them. The `u` name takes the built-in directly; kept in sys.modules, every
# later import is one lookup.
EXTENSIBLE_BUILTINS = (
    "array",
    "binascii",
    "errno",
    "io",
    "json",
    "machine",
    "os",
    "select",
    "struct",
    "time",
)


def builtins_found_at_once(modules=sys.modules):
    if sys.implementation.name != "micropython":
        return
    for name in EXTENSIBLE_BUILTINS:
        if name not in modules:  # (the bench's /boot.py puts its own os there)
            try:
                modules[name] = __import__("u" + name)
            except ImportError:
                pass


builtins_found_at_once()


def bundle_reader():
    # /bundlefs.mpy, which `make flash` writes beside the bundle. None without it: the
    # frozen firmware, or the tests, where the modules are found as they are (a MicroPython
    # without the Thumb assembler, like the WebAssembly one the tests use, cannot compile
    # bundlefs.py's source: SyntaxError). In a function: the module's own frame lasts as
    # long as the firmware runs and would keep the error caught here in the heap.
    try:
        import bundlefs
    except (ImportError, SyntaxError):
        return None
    return bundlefs


bundlefs = bundle_reader()
if bundlefs is not None:
    bundlefs.mount()

from pawtrack import forget_module, games  # noqa: E402
from pawtrack.hal.rp2.device import Device  # noqa: E402
from pawtrack.ui.app import App  # noqa: E402


def start(board=None, **device_options):
    """Build the device, the app and the protocol; returns (device, app).

    The boot opens what the launch record the last boot left says (the main
    menu at power-on; a game's match after a switch: pawtrack.hal.launcher),
    and answers the protocol line that switch interrupted, if any."""
    if board is None:  # the board file's, forgotten once the device copied what it uses
        from board import BOARD as board

        forget_module("board")
    device = Device(board, **device_options)  # the panel and the buttons
    record = device.hal.launcher.take()
    if bundlefs is not None:
        opens_game = record is not None and record.get("open") in ("new", "resume")
        collect_often(WHILE_LOADING if opens_game else BEFORE_MENU)
    app = App(device.hal, games.catalog(), defer_boot=True, record=record)
    if app.screens:
        app.step()  # the main menu on the panel, first
        collect_often()
    device.start_rest()
    from pawtrack.protocol import Protocol

    protocol = Protocol(
        app,
        device.serial.send_line,
        board["name"],
        extra=device.protocol_commands(),
        deferred=True,  # events go out after the picture (Device.loop flushes them)
    )
    device.attach(app, protocol)
    app.finish_boot()  # (a new match's table is on the panel when it returns)
    collect_often()  # the one-file firmware's game boot: its code is in flash, so only now
    if record is not None:
        protocol.answer_carried(record)
    if bundlefs is not None:
        bundlefs.raise_if_interrupted()  # a Ctrl-C during the imports above
        device.interrupt_check = bundlefs.raise_if_interrupted
    app.step()
    return device, app


def main():
    device, app = start()
    device.run(app)


if __name__ == "__main__":
    main()
