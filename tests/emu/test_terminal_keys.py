"""`make emu`'s keys on the emulated Pico running freely: a long press (Tab, then the key) and a
two-second hold (2, then the key) are held on the board's clock and do what they do in the
simulator: the button test logs a long OK and is left by holding OK for two seconds."""

import time

from emu.helpers import assert_clean_serial, pico_simulator, picture_text
from host_tools.emu import EmulatedPico
from host_tools.emu.terminal import BoardKeys
from host_tools.sim.terminal import KeyInput, split_keys

BOARD_LIMIT_MS = 60000  # a hang guard on the board's clock (the keys take a few seconds)


def type_keys(pico, text):
    """Keys as typed in `make emu`'s terminal, played until the last release and its gap."""
    keys = KeyInput()
    for key in split_keys(text):
        keys.key(key)
    presser = BoardKeys(pico, keys)
    deadline = pico.emulated_ms() + BOARD_LIMIT_MS
    while not presser.done():
        assert pico.emulated_ms() < deadline, pico.status()
        presser.step()
        time.sleep(0.01)


def at_rest(pico):
    pico.pause()
    pico.settle(quiet_ms=300)
    return picture_text(pico.picture())


def test_long_presses_and_holds_reach_the_firmware():
    sim = pico_simulator()
    with EmulatedPico(files="firmware") as pico:
        assert pico.boot() is not None
        pico.free_run(realtime=False)  # as fast as it goes: only the board's clock counts
        type_keys(pico, "asdds\ts")  # Settings, the button test, a long OK
        sim.run("left ok right right ok ok:long")
        sim.settle()
        assert at_rest(pico) == picture_text(sim.frame)
        assert "long" in "\n".join(sim.app.screen.text_lines()).lower()
        pico.free_run(realtime=False)
        type_keys(pico, "2s")  # hold OK 2 s: leaves the button test
        sim.run("ok:2200")
        sim.settle()
        assert sim.screen_name() == "SettingsScreen"
        assert at_rest(pico) == picture_text(sim.frame)
        assert_clean_serial(pico)
