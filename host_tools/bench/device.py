"""The device half of `make bench`: the firmware builds measured on the emulated Pico.

``mpy`` is the stock MicroPython 1.28.0 UF2 with the files ``make flash``
copies (host_tools.emu.fs_image.firmware_files); ``uf2`` is the pawtrack UF2
``make uf2`` built (build/pawtrack-pico-<version>.uf2), with an empty
filesystem. Every time is emulated (cycle-counted at 125 MHz: the same on a
busy host). What is measured, in order, each printed as it comes:

* boot: power-on to the first picture, to the main menu as the simulator draws
  it for the same flash, and until the board is quiet; with nothing saved,
  then with a saved 1,000- and 5,000-action match (made on the host by the
  firmware's own code, host_tools/emu/matches.py). The UF2's very first
  power-on, which formats the filesystem, too. No probe on the flash.
* every press script (host_tools/bench/scripts/*.txt, played as
  host_tools/bench/scripts.py says) twice, each from a fresh power-on with the
  bench's /boot.py (host_tools/bench/probe.py): with flash operations taking
  their modelled time on the emulated clock, as a user feels it ("flash"); and
  with flash operations taking no time ("noflash": CPU, I2C and strip only),
  reading the heap after every press. Per press: release (or, for a long
  press, the moment it becomes long) to the first changed OLED byte and to the
  end of that update, the I2C bytes, release to the first changed LED frame,
  and the flash operations.
* the saved 1,000-action match played again on the board by the firmware's
  own Session from the raw REPL (nothing drawn): the flash operations and
  their modelled time per action; then one undo.
* resuming the saved 5,000-action match from the main menu: the time to the
  game's picture, and the heap during and after the replay (read every 2 s).
* the app loop when nothing happens: its time and allocation per pass (the
  raw REPL stops main.py and runs the same loop by hand).

Everything the board says on its serial port is scanned for tracebacks,
MemoryError and errors in interrupt handlers; the buttons' edge interrupts
are hard IRQs, so an allocation in one would be reported there.

Each measurement is one emulator run, a "job" (``jobs()``, ``run_job()``):
host_tools.bench runs two at a time in worker processes and makes the tables.
The 1,000-action match is played on one build only: which flash operations an
action costs is decided by the journal code and LittleFS, the same in both.
"""

import contextlib
import json
import os
import tempfile
import time

from host_tools.bench import probe
from host_tools.bench.scripts import (
    REST_LIMIT_MS,
    REST_MS,
    SETTLED_MS,
    WAIT,
    is_long,
    load_all,
    reference,
)
from host_tools.bench.scripts import press as simulator_press
from host_tools.boards import load_board
from host_tools.emu import EmulatedPico
from host_tools.emu.alongside import SOFT_REBOOT
from host_tools.emu.fs_image import firmware_files
from host_tools.sim.simulator import GAP_MS, Simulator
from pawtrack.boarddef import core_board
from pawtrack.buttons import LONG_MS

BOARD = "pico"
BOOT_LIMIT_MS = 10000
QUIET_MS = 300
WAIT_QUIET_MS = 1000  # the simulator's "wait": nothing redrawn for 1 s ...
WAIT_LIMIT_MS = 10000  # ... at most 10 s
IDLE_INSTRUCTIONS = 400000  # in 10 ms of emulated time: below this the board is at rest
RESUME_LIMIT_MS = 180000
HEAP_EVERY_MS = 2000
LONG_HOLD_MS = 700  # the press words' long press (host_tools/sim/press_words.py)
CURVE_SIZES = (100, 1000, 5000, 10000)  # match lengths the undo and resume curve is read at
# The last one is the app's own event when a screen raised (it then shows "Oops").
BAD_SIGNS = ("Traceback", "MemoryError", "Uncaught exception", "Fatal", '"code": "screen"')


class Build:
    """A firmware to measure: the stock UF2 plus .mpy files, or the pawtrack UF2."""

    def __init__(self, key, uf2=None):
        self.key = key
        self.uf2 = uf2
        self.board = load_board(BOARD)

    @property
    def label(self):
        return ".mpy files on stock MicroPython" if self.uf2 is None else "pawtrack UF2"

    def files(self):
        """What is on the filesystem before anything is saved."""
        return firmware_files(BOARD) if self.uf2 is None else []

    def pico(self, extra=(), empty=False, **options):
        files = None if empty else self.files() + list(extra)
        return EmulatedPico(board=self.board, files=files, firmware_uf2=self.uf2, **options)


def say(build, text):
    print("[%s] %s" % (build.key, text), flush=True)


@contextlib.contextmanager
def simulator_on(files):
    """The Pico's simulator with a flash holding ``files`` [(path, bytes)]."""
    with tempfile.TemporaryDirectory() as folder:
        for path, data in files:
            local = os.path.join(folder, path.lstrip("/"))
            os.makedirs(os.path.dirname(local), exist_ok=True)
            with open(local, "wb") as f:
                f.write(data)
        yield Simulator(state_dir=folder, board=core_board(load_board(BOARD)))


def menu_frame(files=()):
    """The main menu the simulator draws for a flash holding ``files``."""
    with simulator_on(files) as sim:
        return bytes(sim.frame)


def problems_in(pico, upto=None):
    """Lines of the serial output (up to byte ``upto``) that show something went wrong."""
    text = bytes(pico.serial[:upto]).decode(errors="replace")
    found = [line.strip() for line in text.splitlines() if any(s in line for s in BAD_SIGNS)]
    if pico.breakpoints:
        found.append("%d unexpected breakpoints" % len(pico.breakpoints))
    return found


# -- boot ----------------------------------------------------------------------------------


def measure_boot(pico, expected, limit_ms=BOOT_LIMIT_MS):
    """Run from the latest power-on until the panel shows ``expected`` and the board is
    quiet: {"first_picture_ms", "menu_ms", "quiet_ms"} since that power-on (None: never)."""
    booted = pico.boots[-1][0]
    end = booted / 1000 + limit_ms
    menu = None
    while pico.emulated_ms() < end and menu is None:
        pico.run_for(10)
        for update in pico.frames:
            if update.start_us >= booted and update.picture == expected:
                menu = update
                break
    quiet = pico.settle(quiet_ms=QUIET_MS)
    changed = [u for u in pico.frames if u.start_us >= booted and u.first_change_us is not None]
    return {
        "first_picture_ms": (changed[0].done_us - booted) / 1000 if changed else None,
        "menu_ms": (menu.done_us - booted) / 1000 if menu else None,
        "quiet_ms": quiet - booted / 1000,
    }


def boot_figures(build, journals, record):
    results = {}
    started = time.monotonic()
    if build.uf2 is not None:
        with build.pico(empty=True) as pico:
            first = measure_boot(pico, menu_frame())
            first["flash_ops"] = len(pico.flash_ops)
            results["first_power_on"] = first
            say(build, "first power-on (formats the filesystem): %s" % boot_line(first))
            pico.power_cut()  # switched off and on again with the flash it left
            pico.run_for(1)
            results["empty"] = measure_boot(pico, menu_frame())
            record(pico)
    else:
        with build.pico() as pico:
            results["empty"] = measure_boot(pico, menu_frame())
            record(pico)
    say(build, "boot, nothing saved: %s" % boot_line(results["empty"]))
    for count, (files, _snapshot) in sorted(journals.items()):
        with build.pico(files) as pico:
            results["journal_%d" % count] = measure_boot(pico, menu_frame(files))
            record(pico)
        figures = results["journal_%d" % count]
        say(build, "boot, %d-action match saved: %s" % (count, boot_line(figures)))
    say(build, "boot figures in %.0f s" % (time.monotonic() - started))
    return results


def boot_line(figures):
    def ms(value):
        return "never" if value is None else "%.0f ms" % value

    return "first picture %s, menu %s, quiet %s" % (
        ms(figures["first_picture_ms"]),
        ms(figures["menu_ms"]),
        ms(figures["quiet_ms"]),
    )


# -- heap readings ----------------------------------------------------------------------


def read_heap(pico, pin, limit_ms=3000):
    """Pulse the probe's pin and run until its reading arrives; the reading (or None)."""
    before = len(probe.parse_readings(pico.serial_text()))
    pico.set_pin(pin, True)
    pico.run_for(1)
    pico.set_pin(pin, False)
    end = pico.emulated_ms() + limit_ms
    while pico.emulated_ms() < end:
        pico.run_for(5)
        readings = probe.parse_readings(pico.serial_text())
        if len(readings) > before:
            reading = readings[-1]
            reading.pop("end")
            reading["at_ms"] = pico.emulated_ms()
            return reading
    return None


# -- scripts --------------------------------------------------------------------------------


def wait_until_rest(pico, rest_ms=REST_MS):
    """Run on until the board has been at rest for rest_ms (its CPU mostly asleep in each
    10 ms: the loop at rest runs about 120,000 instructions in 10 ms, a busy CPU 1.25
    million; and no flash operation, during which the CPU runs nothing), at most
    REST_LIMIT_MS: the device's side of the scripts' "wait until the
    screen is at rest" (host_tools/bench/scripts.py). After a press that started no
    animation on the simulator, SETTLED_MS of rest is enough: the press is handled."""
    end = pico.emulated_ms() + REST_LIMIT_MS
    quiet = 0
    while quiet < rest_ms and pico.emulated_ms() < end:
        before = pico.stats()["instructions"]
        started_us = pico.emulated_us()
        pico.run_for(10)
        busy = pico.stats()["instructions"] - before >= IDLE_INSTRUCTIONS
        # A flash erase or program stops the CPU (no instructions run): busy all the same.
        last = pico.flash_ops[-1] if pico.flash_ops else None
        busy = busy or (last is not None and last["t_us"] + last["duration_us"] > started_us)
        quiet = 0 if busy else quiet + 10


def play(pico, script, steps, pin=None, after_switch=None):
    """Play a script's words as host_tools/bench/scripts.py says (held, the 120 ms gap,
    then until the board is at rest); returns the presses [{"word", "name", "ms",
    "down_us", "event_us"}] and, with ``pin``, heap readings [{"word", ...}] (the first
    before any press, then one after each press).

    ``after_switch(pico, boots, ports)``, if given, is called after a press that switched
    boots on the simulator (with the board's boot and USB counts from before the press),
    to wait until the next boot can take presses; what it returns (the emulated ms it
    could) goes into the press as "ready_ms"."""
    presses = []
    heap = []
    if pin is not None:
        heap.append(dict(read_heap(pico, pin) or {}, word=-1))
    for index, (name, ms) in enumerate(script.words):
        if name == WAIT:
            if ms is None:
                pico.settle(quiet_ms=WAIT_QUIET_MS, limit_ms=WAIT_LIMIT_MS)
            else:
                pico.run_for(ms)
            continue
        boots = len(pico.boots)
        ports = len(getattr(pico, "usb_ready", ()))
        down = pico.emulated_ms()
        pico.set_button(name, True, down)
        pico.set_button(name, False, down + ms)
        pico.run_until(down + ms + GAP_MS)
        wait_until_rest(pico, REST_MS if steps[index]["animated"] else SETTLED_MS)
        event = down + (LONG_MS if is_long(ms) else ms)
        ready_ms = None
        before = steps[index - 1].get("boots", 0) if index else 0
        if after_switch is not None and steps[index].get("boots", 0) != before:
            ready_ms = after_switch(pico, boots, ports)
        presses.append(
            {
                "word": index,
                "name": name,
                "ms": ms,
                "down_us": down * 1000,
                "event_us": event * 1000,
                "ready_ms": ready_ms,
            }
        )
        if pin is not None:
            heap.append(dict(read_heap(pico, pin) or {}, word=index))
    return presses, heap


def analyse(presses, pico, steps):
    """Per press: release (or long) to the first changed byte, to the end of that update
    (the feedback) and to the end of the answer (the same update, or the next changed one
    when the pressed control was flipped first), I2C bytes, release to the first LED frame
    that changed, flash operations."""
    frames = pico.frames
    leds = pico.leds
    ops = pico.flash_ops
    restarts = restart_times(pico)
    rows = []
    for i, press in enumerate(presses):
        start = press["event_us"]
        end = presses[i + 1]["down_us"] if i + 1 < len(presses) else float("inf")
        updates = [u for u in frames if start <= u.start_us < end]
        # The answer is the first update after the press that changed the picture, even
        # if it came after the next press went down (a slow answer is still its answer);
        # when the pressed control was flipped first (App.acknowledge, known from the
        # simulator's run), that flip is the feedback and the next changed update the answer,
        # unless the answer followed the flip so closely that the bus carried both as one
        # update (its picture is then not the flipped one).
        changed = [u for u in frames if u.start_us >= start and u.first_change_us is not None]
        step = steps[press["word"]]
        before = steps[press["word"] - 1] if press["word"] > 0 else {"game": None, "boots": 0}
        feedback = changed[0] if changed else None
        answer = feedback
        flipped = step.get("flipped")
        only_the_flip = flipped is None or bytes(feedback.picture) == flipped if changed else False
        if step.get("acked") and len(changed) > 1 and only_the_flip:
            answer = changed[1]
        switch = switch_kind(before, step)
        if switch is not None and changed:
            # The old boot may say where it goes before it restarts (App.show_switching):
            # that is the feedback; the answer is the next boot's first changed picture.
            restarted = [t for t in restarts if t >= start]
            after = [u for u in changed if restarted and u.start_us >= restarted[0]]
            answer = after[0] if after else None
        led_ms = None
        for j, (t_us, colours) in enumerate(leds):
            if start <= t_us < end and (j == 0 or colours != leds[j - 1][1]):
                led_ms = (t_us - start) / 1000
                break
        window_ops = [op for op in ops if start <= op["t_us"] < end]
        rows.append(
            {
                "name": press["name"],
                "long": is_long(press["ms"]),
                "taken": step["taken"],
                "screen": step["screen"],
                "game": step["game"],
                "acked": bool(step.get("acked")),
                "switch": switch,
                "visible": step.get("changed", True),
                "first_change_ms": (feedback.first_change_us - start) / 1000 if changed else None,
                "feedback_ms": (feedback.done_us - start) / 1000 if changed else None,
                "complete_ms": (answer.done_us - start) / 1000 if answer is not None else None,
                "bytes": sum(u.bytes for u in updates),
                "led_ms": led_ms,
                "flash_ops": len(window_ops),
                "flash_ms": sum(op["duration_us"] for op in window_ops) / 1000,
            }
        )
    return rows


def restart_times(pico):
    """When the board restarted, in emulated microseconds, in order: its power-ons and
    resets, and MicroPython's soft resets (it says "soft reboot" on the serial port)."""
    times = [t_us for t_us, _ in pico.boots]
    chunks = pico.serial_chunks
    text = bytes(pico.serial)
    at = text.find(SOFT_REBOOT)
    index = 0
    while at >= 0:
        while index + 1 < len(chunks) and chunks[index + 1][1] <= at:
            index += 1
        if chunks:
            times.append(chunks[index][0])
        at = text.find(SOFT_REBOOT, at + 1)
    return sorted(times)


def switch_kind(before, step):
    """What a press did between boots (pawtrack.hal.launcher), from the simulator's steps
    before and after it: "open" (Start or Resume: a match opened, in its game's boot),
    "leave" (any other switch: back to the menu's boot, from a table or from a game's
    options page), or None (a press within a boot)."""
    if before["game"] is None and step["game"]:
        return "open"
    if step.get("boots", 0) != before.get("boots", 0):
        return "leave"
    return None


def script_run(build, script, ref, mode, pin, record):
    """One pass of a script: mode "flash" (flash operations take their modelled time) or
    "noflash" (they take none, and the heap is read after every press)."""
    started = time.monotonic()
    files = probe.boot_files(pin)
    options = {"advance_flash_clock": mode == "flash", "extra_pins": [pin]}
    with build.pico(files, **options) as pico:
        boot = measure_boot(pico, menu_frame())
        if boot["menu_ms"] is None:
            record(pico)
            return {"error": "the main menu never appeared after power-on"}
        t0 = pico.emulated_ms()
        presses, heap = play(pico, script, ref["steps"], pin if mode == "noflash" else None)
        pico.settle(quiet_ms=WAIT_QUIET_MS, limit_ms=WAIT_LIMIT_MS)
        result = {
            "same_picture": pico.picture() in ref["frames_at_rest"],
            "same_leds": pico.led_colors() == ref["leds"],
            "emulated_s": (pico.emulated_ms() - t0) / 1000,
            "wall_s": time.monotonic() - started,
            "edges": 2 * len(presses),
        }
        for reading in heap:
            word = reading["word"]
            step = ref["steps"][word] if word >= 0 else {"screen": "HomeScreen", "game": None}
            reading["screen"] = step["screen"]
            reading["game"] = step["game"]
        result["heap"] = heap
        result["presses"] = analyse(presses, pico, ref["steps"])
        record(pico)
    return result


# -- the long match: flash operations per action ----------------------------------------

MATCH_FILE = "/bench-match.txt"
MATCH_CODE = (
    r"""
import json, time
from pawtrack import games
from pawtrack.files import OsFiles
from pawtrack.hal.rp2.device import raw_flash
from pawtrack.session import Session
session = Session(OsFiles("/", raw_flash()), games.catalog(), lambda event: None)
lines = open("%s")
word, game, seed = lines.readline().split()
session.start(session.find(game), {}, int(seed))
count = 0
start = time.ticks_us()
for line in lines:
    line = line.strip()
    if line == "undo":
        session.undo()
    else:
        session.act(line[4:])
    count += 1
end = time.ticks_us()
lines.close()
print("bench-match", count, start, end)
print("bench-snapshot", json.dumps(session.match.snapshot()))
start = time.ticks_us()
session.undo()
print("bench-undo", start, time.ticks_us())
"""
    % MATCH_FILE
)


def match_lines(commands):
    """The long match's protocol commands as the lines MATCH_CODE reads."""
    first = commands[0]
    lines = ["new %s %d" % (first["game"], first["seed"])]
    for command in commands[1:]:
        lines.append("undo" if command["cmd"] == "undo" else "act " + command["action"])
    return ("\n".join(lines) + "\n").encode()


def flash_match(build, commands, snapshot, record):
    """The host's long match played on the board by the firmware's own Session (what the
    protocol's act and the game screens call), from the raw REPL: the flash operations
    and their modelled time per action, and one undo at its end."""
    started = time.monotonic()
    with build.pico([(MATCH_FILE, match_lines(commands))]) as pico:
        measure_boot(pico, menu_frame())
        said = len(pico.serial)  # the raw REPL's Ctrl-C then stops main.py: no problem
        out = pico.exec(MATCH_CODE, timeout_ms=1200000)
        record(pico, said)
        booted = pico.boots[-1][0]
        fields = {}
        for line in out.splitlines():
            name, _, rest = line.partition(" ")
            fields[name] = rest
        count, start, end = (int(v) for v in fields["bench-match"].split())
        undo_start, undo_end = (int(v) for v in fields["bench-undo"].split())
        played = json.loads(fields["bench-snapshot"])
        ops = [op for op in pico.flash_ops if booted + start <= op["t_us"] < booted + end]
        undo_ops = [op for op in pico.flash_ops if booted + undo_start <= op["t_us"]]
    erases = [op for op in ops if op["op"] == "erase"]
    programs = [op for op in ops if op["op"] == "program"]
    return {
        "commands": len(commands) - 1,
        "accepted": count,
        "same_match": played == snapshot,
        "erases": len(erases),
        "programs": len(programs),
        "erase_sectors": sum(op["units"] for op in erases),
        "program_pages": sum(op["units"] for op in programs),
        "flash_ms": sum(op["duration_us"] for op in ops) / 1000,
        "emulated_s": (end - start) / 1e6,
        "undo_ms": (undo_end - undo_start) / 1000,
        "undo_flash_ops": len(undo_ops),
        "wall_s": time.monotonic() - started,
    }


# -- resuming the long match ----------------------------------------------------------------


def resumed_frames(files):
    """What the simulator shows once OK on the menu has resumed the saved match, and then
    once a long back has undone its last action: (resumed picture, screen, undone picture)."""
    with simulator_on(files) as sim:
        sim.press("ok")
        sim.settle()
        resumed = bytes(sim.frame)
        screen = sim.screen_name()
        simulator_press(sim, "back", LONG_HOLD_MS)
        return resumed, screen, bytes(sim.frame)


def resume_run(build, files, pin, record, undo=False):
    """OK on the menu's Resume row of a saved long match: time to the game's picture,
    heap read every HEAP_EVERY_MS during the replay and once it is over; with ``undo``,
    then a long back (undo): from the moment the press is long to the undone picture."""
    started = time.monotonic()
    expected, screen, undone = resumed_frames(files)
    boot_py = probe.boot_files(pin)
    with build.pico(boot_py + list(files), extra_pins=[pin]) as pico:
        boot = measure_boot(pico, menu_frame(files))
        during = [read_heap(pico, pin)]
        release = hold(pico, "ok", 80)
        shown = None
        next_reading = pico.emulated_ms() + HEAP_EVERY_MS
        while pico.emulated_ms() < release / 1000 + RESUME_LIMIT_MS and shown is None:
            pico.run_for(20)
            shown = first_showing(pico.frames, release, expected)
            if shown is None and pico.emulated_ms() >= next_reading:
                during.append(read_heap(pico, pin))
                next_reading = pico.emulated_ms() + HEAP_EVERY_MS
        pico.settle()
        after = read_heap(pico, pin)
        undo_ms = None
        if undo:
            # Waited for by its picture: an undo replays with nothing on the panel for
            # longer than settle's quiet spell.
            long_at = hold(pico, "back", LONG_HOLD_MS) - (LONG_HOLD_MS - LONG_MS) * 1000
            done = None
            while done is None and pico.emulated_ms() < long_at / 1000 + RESUME_LIMIT_MS:
                pico.run_for(20)
                done = first_showing(pico.frames, long_at, undone)
            undo_ms = (done.done_us - long_at) / 1000 if done else None
        record(pico)
    during = [r for r in during if r]
    return {
        "boot_menu_ms": boot["menu_ms"],
        "resumed_ms": (shown.done_us - release) / 1000 if shown else None,
        "first_change_ms": first_change_after(pico.frames, release),
        "undo_ms": undo_ms,
        "screen": screen,
        "heap_during": during,
        "heap_after": after,
        "wall_s": time.monotonic() - started,
    }


def hold(pico, name, ms):
    """Hold a button for ``ms`` and let it go; the emulated us of the release."""
    down = pico.emulated_ms()
    pico.set_button(name, True, down)
    pico.set_button(name, False, down + ms)
    pico.run_until(down + ms)
    return (down + ms) * 1000


def first_showing(frames, t_us, picture):
    """The first update from t_us on that left ``picture`` on the panel, or None."""
    for update in frames:
        if update.start_us >= t_us and update.picture == picture:
            return update
    return None


def first_change_after(frames, t_us):
    for update in frames:
        if update.start_us >= t_us and update.first_change_us is not None:
            return (update.first_change_us - t_us) / 1000
    return None


# -- the idle loop --------------------------------------------------------------------------

IDLE_CODE = r"""
import gc, time
try:
    import pawtrack_main as main  # make flash's files (their /main.py would run the loop)
except ImportError:
    import main  # the UF2: main.py frozen
device, app = main.start()
for _ in range(20):
    app.step(); device.loop()
def one_pass():
    app.step()
    device.loop()
gc.collect()
gc.disable()
a = gc.mem_alloc()
t = time.ticks_us()
for _ in range(200):
    one_pass()
us = time.ticks_diff(time.ticks_us(), t)
b = gc.mem_alloc() - a
gc.enable()
print("idle-pass", us / 200, b / 200)
"""


def idle_cost(build, record):
    """The loop when nothing happens: instructions per emulated second (main.py running),
    then the time and the bytes allocated per pass of the same loop run by hand."""
    with build.pico() as pico:
        measure_boot(pico, menu_frame())
        pico.run_for(500)
        before = pico.stats()
        pico.run_for(1000)
        after = pico.stats()
        said = len(pico.serial)  # the raw REPL's Ctrl-C then stops main.py: no problem
        out = pico.exec(IDLE_CODE, timeout_ms=30000)
        record(pico, said)
    fields = [line.split() for line in out.splitlines() if line.startswith("idle-pass")]
    pass_us, pass_bytes = (float(v) for v in fields[-1][1:3]) if fields else (None, None)
    return {
        "instructions_per_s": after["instructions"] - before["instructions"],
        "wall_s_per_emulated_s": (after["wall_ms"] - before["wall_ms"]) / 1000,
        "pass_us": pass_us,
        "pass_bytes": pass_bytes,
    }


# -- jobs: one emulator run each, so that two can run side by side ----------------------


def jobs(builds, match_build, previous=None):
    """The runs to make, the longest first so that two workers finish together: (build
    key, kind, argument). ``previous`` ({job: wall seconds} of the last bench) orders
    them; without it, scripts by their number of words."""
    todo = []
    if match_build is not None:
        todo.append((match_build, "match", None))
    for build in builds:
        todo.append((build, "soak", None))
        for size in CURVE_SIZES:
            todo.append((build, "curve", (str(size),)))
    for script in load_all():
        for build in builds:
            for mode in ("flash", "noflash"):
                todo.append((build, "script", (script.name, mode)))
    for build in builds:
        todo.append((build, "boot", None))
        todo.append((build, "idle", None))
    words = {s.name: len(s.words) for s in load_all()}

    def cost(job):
        key = job_key(job)
        if previous and key in previous:
            return previous[key]
        if job[1] == "script":
            return words[job[2][0]]
        return {"soak": 3000, "match": 1000}.get(job[1], 900 if job[1] == "curve" else 0)

    return sorted(todo, key=lambda job: -cost(job))


def job_key(job):
    key, kind, argument = job
    return "%s %s %s" % (key, kind, " ".join(argument) if argument else "")


def run_job(job, uf2, work):
    """Do one run; {"job", "result", "problems", "edges", "instructions", "emulated_s",
    "wall_s"} (runs in a worker process)."""
    key, kind, argument = job
    build = Build(key, uf2 if key == "uf2" else None)
    pin = probe.spare_pin(build.board)
    outcome = {"job": list(job), "problems": [], "edges": 0, "instructions": 0, "emulated_s": 0.0}
    started = time.monotonic()

    def record(pico, upto=None):
        """Note the problems the board reported (up to serial byte ``upto``) and what the
        emulator ran, once per emulator."""
        outcome["problems"].extend(problems_in(pico, upto))
        numbers = pico.stats()
        outcome["instructions"] += numbers["instructions"]
        outcome["emulated_s"] += numbers["t_ns"] / 1e9

    try:
        outcome["result"] = measure(build, kind, argument, pin, record, work)
        outcome["result"]["problems"] = list(outcome["problems"])
    except Exception as error:  # noqa: BLE001 - one failed run must not lose the others
        outcome["result"] = None
        outcome["problems"].append("%s run failed: %s: %s" % (kind, type(error).__name__, error))
        say(build, "%s %s FAILED: %s: %s" % (kind, argument or "", type(error).__name__, error))
    outcome["wall_s"] = time.monotonic() - started
    return outcome


def measure(build, kind, argument, pin, record, work):
    journals = load_journals(work)
    if kind == "boot":
        result = boot_figures(build, journals, record)
    elif kind == "script":
        name, mode = argument
        script = [s for s in load_all() if s.name == name][0]
        result = script_run(build, script, reference(script), mode, pin, record)
        say(build, "script %s (%s): %s" % (name, mode, script_line(result)))
    elif kind == "match":
        files, snapshot = journals[1000]
        result = flash_match(build, journals_commands(work), snapshot, record)
        say(build, "1,000-action match: %s" % match_line(result))
    elif kind == "curve":
        size = int(argument[0])
        result = resume_run(build, journals[size][0], pin, record, undo=True)
        result["actions"] = size
        say(build, "the saved %d-action match: %s" % (size, resume_line(result)))
    elif kind == "soak":
        from host_tools.bench.soak import soak, soak_line

        result = soak(build, pin, record)
        say(build, "soak: " + soak_line(result))
    elif kind == "idle":
        result = idle_cost(build, record)
        say(
            build,
            "idle loop: %.1f M instructions per emulated second; a pass %.0f us, %.0f bytes"
            % (
                result["instructions_per_s"] / 1e6,
                result["pass_us"] or 0,
                result["pass_bytes"] or 0,
            ),
        )
    else:
        raise ValueError("no such bench job: %s" % kind)
    return result


def script_line(run_result):
    if "error" in run_result:
        return "FAILED: " + run_result["error"]
    # As in the report: short presses that changed the picture (a press at a list's end
    # changes nothing, and the next update it would be timed to is another press's).
    complete = sorted(
        p["complete_ms"]
        for p in run_result["presses"]
        if p["complete_ms"] is not None and not p["long"] and p.get("visible", True)
    )
    text = "%d presses; short ones that change the picture: median %.1f ms, max %.1f ms" % (
        len(run_result["presses"]),
        complete[len(complete) // 2] if complete else 0,
        complete[-1] if complete else 0,
    )
    used = [r["used"] - r.get("probe", 0) for r in run_result["heap"] if "used" in r]
    if used:
        text += "; heap after collect %.1f-%.1f KiB" % (min(used) / 1024, max(used) / 1024)
    same = "same picture as the simulator" if run_result["same_picture"] else "PICTURE DIFFERS"
    return "%s; %s; %.0f s emulated in %.0f s" % (
        text,
        same,
        run_result["emulated_s"],
        run_result["wall_s"],
    )


def match_line(m):
    actions = max(m["accepted"], 1)
    return (
        "%d actions, %d erases + %d programs, %.1f ms of flash per action; an undo at the end"
        " %.0f ms%s (%.0f s)"
        % (
            m["accepted"],
            m["erases"],
            m["programs"],
            m["flash_ms"] / actions,
            m["undo_ms"],
            "" if m["same_match"] else "; THE MATCH DIFFERS FROM THE HOST'S",
            m["wall_s"],
        )
    )


def resume_line(r):
    after = r["heap_after"] or {}
    return "menu at %s, game shown %s after the press, an undo %s; heap after %.1f KiB (%.0f s)" % (
        "never" if r["boot_menu_ms"] is None else "%.0f ms" % r["boot_menu_ms"],
        "never" if r["resumed_ms"] is None else "%.0f ms" % r["resumed_ms"],
        "-" if r.get("undo_ms") is None else "%.0f ms" % r["undo_ms"],
        (after.get("used", 0) - after.get("probe", 0)) / 1024,
        r["wall_s"],
    )


# -- the saved matches, made on the host ------------------------------------------------------


def journals_commands(work):
    with open(os.path.join(work, "match-1000.json"), encoding="utf-8") as f:
        return json.load(f)["commands"]


def load_journals(work):
    """{count: (files, snapshot)} of the saved matches host_tools.bench made in ``work``."""
    journals = {}
    for count in CURVE_SIZES:
        with open(os.path.join(work, "match-%d.json" % count), encoding="utf-8") as f:
            made = json.load(f)
        files = [(path, bytes.fromhex(data)) for path, data in made["files"]]
        journals[count] = (files, made["snapshot"])
    return journals
