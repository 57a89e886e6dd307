"""make flash RUNTIME=circuitpython onto the emulated CIRCUITPY; the real CircuitPython boots it.

The flash tool copies onto the drive mounted on the host (``conftest.flash_onto``:
the same copy as onto a computer's mounted drive). At power-on boot.py takes the
drive and opens the data port, code.py brings the referee up: the panel must
show exactly the simulator's menu, the protocol must answer on usb_cdc.data,
the console and the data port must say no error, and a second flash after the
session copies nothing.
"""

from emu.helpers import pico_simulator

from cp_emu.conftest import flash_onto
from cp_emu.helpers import assert_clean_logs, command
from host_tools.emu.circuitpython import SAFE_MODE_WINDOW_MS, EmulatedCircuitPython

# Emulated time, not wall time: boot.py, code.py, the imports and the first picture.
MENU_BY_MS = SAFE_MODE_WINDOW_MS + 3000


def test_flashed_drive_boots_to_the_menu_and_answers_on_the_data_port(formatted):
    image, said = flash_onto(formatted)
    summary = said[-1]
    assert "(CircuitPython 10.2.1)" in summary and ", 0 unchanged;" in summary, summary
    sources = sorted(line.split()[1] for line in said if line.split()[1].endswith(".py"))
    assert sources == ["boot.py", "code.py", "pawtrack_board.py"]  # the rest goes as .mpy
    sim = pico_simulator()
    with EmulatedCircuitPython(flash_image=image) as pico:
        menu_ms = pico.boot(limit_ms=MENU_BY_MS + 2000)
        assert menu_ms is not None and menu_ms < MENU_BY_MS, pico.status()
        pico.settle()
        assert pico.picture() == bytes(sim.frame)
        hello = command(pico, {"cmd": "hello"})
        assert hello["ev"] == "hello" and hello["board"] == "pico", hello
        assert command(pico, {"cmd": "problems"})["list"] == []
        files = pico.drive_files()
        assert "pawtrack.manifest" in files and "lib/pawtrack/journal.mpy" in files
        assert "lib/pawtrack/journal.py" not in files
        assert_clean_logs(pico)
        after = pico.flash_image()
    _image, said = flash_onto(after)
    assert ": 0 copied (0 bytes), 0 removed," in said[-1], said[-1]
