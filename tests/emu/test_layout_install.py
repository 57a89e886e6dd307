"""`host_tools.mmm_layout --install` onto a board: the real mpremote on the emulated Pico.

A Pico with the firmware on its flash (as `make flash` leaves it) runs freely
with its USB serial port on a pseudo-terminal. The tool first says in one
line that a board without the firmware cannot take layouts, then installs
both sides through the firmware's own code; the file read back off the flash
is the two layouts, and after the reset the firmware loads them.
"""

import json
import time

import pytest

from host_tools import mmm_layout
from host_tools.emu import EmulatedPico
from pawtrack.games.mmm import own_layouts
from pawtrack.games.mmm.layouts import parse_grid
from pawtrack.memfiles import MemoryFiles

OWN_SIDE_1 = """# my board, side 1
side 1
r0: Ca1 Br1 Br1 Ca2 Cu2 Fi3 Cu3
r1: Ca1 Br1 Br1 Ca2 Cu2 Fi3 Cu3
r2: Ca1 Cu1 Fi2 Ca2 Cu2 Br3 Cu3
r3: Ca1 Cu1 Fi2 Br2 Ch3 Br3 Ch4
r4: Fi1 Cu1 Fi2 Br2 Ch3 Br3 Ch4
r5: Fi1 Ch1 Fi2 Br2 Ch3 Ca3 Ch4
r6: Fi1 Ch1 Ch2 Ch2 Ca3 Ca3 Ch4
"""
OWN_SIDE_2 = "Ch1 Ch1 Ch1 Ch1 Ch1\nFi1 Fi1 . Br1 Br1\n"

# After the tool's reset, what the firmware's own loader makes of the file on flash.
LOAD_CHECK = """
import bundlefs, json
bundlefs.mount()
from pawtrack.files import OsFiles
from pawtrack.games.mmm import layouts, own_layouts
notice = own_layouts.load(OsFiles('/'))
print('LOADED ' + json.dumps({'notice': notice, 'own': sorted(layouts.OWN)}))
"""


def tool(capsys, *args):
    code = mmm_layout.main([str(a) for a in args])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out
    return code, out.strip()


def after_the_reset(pico):
    """Wait (wall clock, a bound only) until the tool's reset has brought the menu back."""
    deadline = time.monotonic() + 120
    while True:
        resets = [t for t, reason in pico.boots if reason != "power"]
        if resets and any(u.start_us > resets[-1] and u.bytes > 1000 for u in pico.frames):
            return
        if time.monotonic() > deadline:  # a bound on waiting, not a measurement
            pytest.fail("the board did not come back after its reset")
        time.sleep(0.2)


def running_pico(files):
    pico = EmulatedPico(serial_port=True, files=files).start()
    pico.run_until(300)
    pico.free_run()
    return pico


def test_without_the_firmware_the_board_is_refused_in_one_line(tmp_path, capsys):
    grid = tmp_path / "one.txt"
    grid.write_text(OWN_SIDE_1)
    pico = running_pico(files=[])
    try:
        code, out = tool(capsys, grid, "--install", "--port", pico.port)
    finally:
        pico.close()
    assert code == 1
    assert out.startswith("error: %s has no pawtrack firmware that can install layouts" % pico.port)
    assert out.endswith("run make flash first")


def test_install_on_a_flashed_board_then_it_loads_them(tmp_path, capsys):
    side_1 = tmp_path / "one.txt"
    side_1.write_text(OWN_SIDE_1)
    side_2 = tmp_path / "two.txt"
    side_2.write_text(OWN_SIDE_2)
    pico = running_pico(files="firmware")
    try:
        code, out = tool(capsys, side_1, "--install", "--port", pico.port)
        assert (code, out) == (
            0,
            "installed own layout for side 1 (16 items, 49 squares) on %s; reset" % pico.port,
        )
        after_the_reset(pico)
        code, out = tool(capsys, side_2, "--side", "2", "--install", "--port", pico.port)
        assert code == 0 and out.startswith("installed own layout for side 2 (3 items"), out
        after_the_reset(pico)

        on_board = MemoryFiles()
        for path, data in pico.files().items():
            if path.lstrip("/") in (own_layouts.PATH, own_layouts.PATH + ".tmp"):
                on_board.files[path.lstrip("/")] = bytearray(data)
        records, notice = own_layouts.read(on_board)
        assert notice is None
        assert records == {1: parse_grid(OWN_SIDE_1), 2: parse_grid(OWN_SIDE_2, 2)}
        assert not on_board.exists(own_layouts.PATH + ".tmp")

        pico.pause()
        out = pico.exec(LOAD_CHECK)
        loaded = [line for line in out.splitlines() if line.startswith("LOADED ")]
        assert json.loads(loaded[0][7:]) == {"notice": None, "own": [1, 2]}
    finally:
        pico.close()
