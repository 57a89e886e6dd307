"""The pawtrack UF2 on the emulated Pico (host_tools.emu, the real rp2 firmware on rp2040js):
it boots to the simulator's menu from an empty filesystem, plays tests/emu's scripted session
with the simulator's pictures after every press (the pictures the `.mpy` build shows there:
tests/emu/test_presses.py holds that build to the same simulator, press by press), resumes a
match after a power cut in the middle of a flash write, the frozen modules win over the files
an earlier `make flash` left, the machine-code painter gives framebuf's pixels, and
`make flash` refuses such a board with its reason.

Needs the UF2 build (conftest.py) and the emulated Pico (its boot ROM, rp2040js); skipped
with the reason when either is missing. Only emulated time is used, never the wall clock.
"""

import subprocess
import sys

import pytest

from host_tools.boards import load_board
from host_tools.sim.simulator import Simulator
from pawtrack import games
from pawtrack.boarddef import core_board

BOOT_MS = 1500  # emulated: the menu is drawn well before this


@pytest.fixture
def uf2_pico(firmware_uf2, monkeypatch):
    """EmulatedPico with the pawtrack UF2 as its firmware (a class to call with options)."""
    emu = pytest.importorskip("host_tools.emu", reason="no emulated Pico (host_tools.emu) here")
    built = firmware_uf2("pico")
    monkeypatch.setenv("PAWTRACK_PICO_FIRMWARE", built.path)
    reason = emu.missing()
    if reason:
        pytest.skip(reason)
    return emu.EmulatedPico


def stale_flash_files(board_in_file):
    """What `make flash` leaves on a board, with its compiled /board.mpy replaced by a
    /board.py naming another board (a source file wins over nothing in its folder)."""
    from host_tools.emu.fs_image import firmware_files

    flashed = firmware_files("pico")
    files = [(path, data) for path, data in flashed if path != "/board.mpy"]
    assert len(files) == len(flashed) - 1, "make flash no longer writes /board.mpy"
    with open("board_defs/pico.py", "rb") as f:
        source = f.read()
    renamed = source.replace(b'"name": "pico"', b'"name": "%s"' % board_in_file.encode())
    assert renamed != source
    files.append(("/board.py", renamed))
    return files


def test_the_uf2_boots_to_the_menu_from_an_empty_filesystem(uf2_pico):
    sim = Simulator(board=core_board(load_board("pico")))
    with uf2_pico(board="pico") as pico:
        pico.run_until(BOOT_MS)
        assert pico.frames, "nothing was drawn"
        assert pico.picture() == sim.frame
        out = pico.exec(
            "import sys, os, board, pawtrack.games as g\n"
            "print(sys.path[0], board.BOARD['name'], [e.ID for e in g.catalog()], g.__path__)\n"
            "print(sorted(n for n in os.listdir('/')))"
        )
    first, second = out.strip().splitlines()
    registered = [game_id for game_id, _ in games.GAMES]
    assert first == ".frozen pico %r .frozen/pawtrack/games" % (registered,)
    assert "lib" not in second and "main.py" not in second  # nothing of the firmware on flash


def test_the_uf2_plays_the_scripted_session_with_the_mpy_builds_pictures(uf2_pico):
    from emu.helpers import assert_clean_serial, play_alongside
    from emu.test_presses import SCRIPT

    sim = Simulator(board=core_board(load_board("pico")))
    with uf2_pico(board="pico") as pico:
        assert pico.boot() is not None
        assert pico.picture() == sim.frame
        play_alongside(pico, sim, SCRIPT)
        assert pico.panel.model.problems == []
        assert_clean_serial(pico)


def test_the_uf2_resumes_a_match_after_a_power_cut_during_a_flash_write(uf2_pico):
    from emu.helpers import assert_clean_serial, command, on_host

    with uf2_pico(board="pico") as pico:
        pico.boot()
        assert command(pico, {"cmd": "new", "game": "chop", "seed": 5})["ev"] == "started"
        for _ in range(6):
            pico.press("ok")  # roll, end the turn, ...
        pico.settle()
        shown = command(pico, {"cmd": "state"})["match"]
        pico.power_cut(during_op=len(pico.flash_ops) + 1, fraction=0.5)
        pico.press("ok")  # the next action: the power goes half-way through its write
        assert [reason for _, reason in pico.boots] == ["power", "cut"]
        assert pico.flash_ops[-1]["cut"]
        pico.boot()
        screen, frame, saved = on_host(pico.filesystem_image())
        assert screen == "HomeScreen" and pico.picture() == frame  # nothing set aside
        if saved != shown:  # the cut action was saved whole: exactly one action more
            assert saved["moves"] == shown["moves"] + 1
            kept = len(saved["recent"]) - 1
            assert saved["recent"][:-1] == shown["recent"][len(shown["recent"]) - kept :]
        resumed = command(pico, {"cmd": "resume"})
        assert resumed["ev"] == "done" and resumed["actions"] == saved["moves"]
        assert command(pico, {"cmd": "state"})["match"] == saved
        assert_clean_serial(pico, since_us=pico.boots[-1][0])


def test_frozen_modules_win_over_files_left_by_make_flash(uf2_pico):
    with uf2_pico(board="pico", files=stale_flash_files("pico2")) as pico:
        pico.run_until(BOOT_MS)
        out = pico.exec(
            "import sys, board, main, pawtrack.ui.app as app\n"
            "print(board.BOARD['name'], app.__file__, main.__file__)\n"
            # The port's own order, as after a soft reset: a /board.py would win there.
            "sys.path.clear()\nsys.path.extend(['', '.frozen', '/lib'])\n"
            "del sys.modules['board']\nimport board\nprint(board.BOARD['name'])"
        )
    frozen_line, default_order = out.strip().splitlines()
    assert frozen_line == "pico pawtrack/ui/app.py main.py"  # frozen (no /lib/..., no /main.py)
    assert default_order == "pico2"  # why main.py puts '.frozen' first


# Runs on the board: the same drawing with the machine-code painter and with framebuf's
# blit (the canvas without a painter), each on a picture cleared first (the painter's
# machine code, the plain canvas's slice copy), at places that clip on every side, in both colours,
# over a half-lit background, with text the font lacks (DEL, a two-byte UTF-8 letter, a
# tab); prints the first difference or how many draws agreed.
SAME_PIXELS = """
from pawtrack.gfx.canvas import Canvas
from pawtrack.ui import icons
from pawtrack.games.om_nom_nom import icons as prey_icons
from pawtrack.games.mice_mystics import icons as mystics_icons
from pawtrack.hal.rp2 import fastdraw
fast = Canvas()
fast.use_painter(fastdraw.Painter(fast))
plain = Canvas()
pictures = [getattr(m, n) for m in (icons, prey_icons, mystics_icons) for n in dir(m)]
pictures = [p for p in pictures if isinstance(p, tuple) and len(p) == 3 and isinstance(p[0], int)]
state = [12345]
def below(n):
    state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (state[0] >> 8) % n
agreed = 0
for trial in range(240):
    kind = trial % 3
    x = below(150) - 20
    y = below(84) - 14
    color = below(2)
    scale = 1 + (below(5) == 0) * (1 + below(2))  # 1, or 2 and 3 a tenth of the time each
    text = "Hourglass %d ~{}\\x7f\\u00e9\\t" % trial  # and what the font lacks: "?"
    picture = pictures[below(len(pictures))]
    w = below(150)
    h = below(30)
    for canvas in (fast, plain):
        canvas.fill(0)
        canvas.fill_rect(0, 20, 128, 25, 1)
        if kind == 0:
            canvas.text(text, x, y, color, scale)
        elif kind == 1:
            canvas.icon(picture, x, y, color)
        else:
            canvas.invert_rect(x, y, w, h)
    if fast.buffer != plain.buffer:
        print("DIFFERENT", trial, kind, x, y, color, scale)
        break
    agreed += 1
# A scaled line is not taken for a cached line that starts with its scale's digit.
fast.fill(0)
fast.text("2ab", 0, 0)
fast.fill(0)
fast.text("ab", 0, 0, 1, 2)
fresh = Canvas()
fresh.text("ab", 0, 0, 1, 2)
if fast.buffer != fresh.buffer:
    agreed = -1
print("AGREED", agreed, len(pictures))
"""


def test_the_machine_code_painter_gives_framebufs_pixels(uf2_pico):
    with uf2_pico(board="pico") as pico:
        pico.run_until(BOOT_MS)
        out = pico.exec(SAME_PIXELS, timeout_ms=120000)
    last = out.strip().splitlines()[-1].split()
    assert last[:2] == ["AGREED", "240"], out
    assert int(last[2]) >= 20  # the game icons, big enough to go through the painter


# Runs on the board: where pictures differ from what the panel holds, by machine code and
# by the driver's Python, for changes at the page edges, in one column, everywhere and
# nowhere; prints the first disagreement or how many pictures agreed.
SAME_CHANGES = """
from pawtrack.hal.rp2 import fastdraw
from pawtrack.hal.spans import changed_spans
state = [2024]
def below(n):
    state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (state[0] >> 8) % n
agreed = 0
for width, pages in ((128, 8), (128, 4)):
    find = fastdraw.ChangedPages(width, pages)
    shown = bytearray(1 + width * pages)
    held = memoryview(shown)[1:]  # as the driver keeps it, after a spare byte
    for trial in range(150):
        for i in range(len(held)):
            held[i] = below(256) if trial % 5 else 0
        picture = bytearray(held)
        for change in range(below(12)):
            page = below(pages)
            column = (0, width - 1, below(width))[below(3)]
            picture[page * width + column] ^= 1 << below(8)
        if trial % 25 == 0:  # every byte changed
            picture = bytearray(255 - b for b in held)
        machine = find(picture, held, width, pages)
        python = changed_spans(picture, held, width, pages)
        if machine != python:
            print("DIFFERENT", width, pages, trial, machine, python)
            break
        agreed += 1
print("AGREED", agreed)
"""


def test_the_machine_code_change_finder_gives_the_drivers_spans(uf2_pico):
    with uf2_pico(board="pico") as pico:
        pico.run_until(BOOT_MS)
        out = pico.exec(SAME_CHANGES, timeout_ms=120000)
    assert out.strip().splitlines()[-1] == "AGREED 300", out


# Runs on the board: a Ctrl-C that MicroPython raises while the buttons are read with the
# interrupts off (made certain here by latches that raise it) must leave them on again;
# with them off, USB would go deaf and this would print nothing more.
CTRL_C_WHILE_READING = """
import machine
from pawtrack.hal.rp2.buttons import Buttons
class Clock:
    def ticks_ms(self):
        return 0
    def ticks_diff(self, a, b):
        return a - b
class Interrupted:
    def __getitem__(self, index):
        raise KeyboardInterrupt
    def __setitem__(self, index, value):
        pass
buttons = Buttons({"ok": 22}, Clock())
buttons.latched = Interrupted()
try:
    buttons.read()
except KeyboardInterrupt:
    print("interrupted")
state = machine.disable_irq()
machine.enable_irq(state)
print("interrupts", "off" if state else "on")
"""


def test_a_ctrl_c_while_the_buttons_are_read_leaves_the_interrupts_on(uf2_pico):
    with uf2_pico(board="pico") as pico:
        pico.run_until(BOOT_MS)
        out = pico.exec(CTRL_C_WHILE_READING, timeout_ms=20000)
    assert out.split() == ["interrupted", "interrupts", "on"], out


def test_make_flash_on_a_uf2_board_says_why_it_changes_nothing(uf2_pico):
    pico = uf2_pico(board="pico", serial_port=True).start()
    try:
        pico.run_until(300)
        pico.free_run()
        result = subprocess.run(
            [sys.executable, "-m", "host_tools.flash", "--port", pico.port],
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        pico.close()
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "flash: the device runs the pawtrack UF2 (firmware 0.1.0 for pico), whose frozen modules"
        " win over files, so make flash would change nothing: update it with `make install-uf2"
        " BOARD=pico`, or put stock MicroPython on it to use make flash (docs/hardware.md)"
    )
