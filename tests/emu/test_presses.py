"""The flashed firmware on the emulated Pico, played by its buttons, draws what the simulator draws.

The Pico starts with the filesystem ``make flash`` would leave (built on the
host: tests/emu/test_make_flash.py does the real thing once). Each button is
held 80 ms, as the simulator's presses are; after each press the board runs
until its panel, strip and flash are quiet, the simulator (with the same board
definition) gets the same press, and the panel picture decoded from the I2C
bytes and the strip colours decoded from the WS2812 bitstream must equal the
simulator's. A match started on the device is started in the simulator with
the seed the device announced on its serial port.
"""

from emu.helpers import SETTLE_SIM_MS, assert_clean_serial, pico_simulator, protocol_events
from host_tools.emu import EmulatedPico
from host_tools.sim import render
from host_tools.sim.simulator import parse_presses

# Settings and back; Cat & Mouse: options, start, rolls and counters, back to the
# menu (now with Resume); Mmm!: options, start, roll, place, re-roll decisions.
SCRIPT = (
    "left ok right back left left ok ok ok ok ok right ok back right ok ok ok ok ok ok right ok"
)


def picture_text(frame):
    return "\n".join(render.as_text(frame))


def test_a_scripted_session_gives_the_simulators_pictures_and_leds():
    sim = pico_simulator()
    with EmulatedPico(files="firmware") as pico:
        assert pico.boot() is not None
        assert pico.picture() == sim.frame
        for step, (name, ms) in enumerate(parse_presses(SCRIPT)):
            said = len(pico.serial)
            pico.press(name, hold_ms=ms)
            pico.settle()
            for event in protocol_events(pico, said):
                if event.get("ev") == "new":
                    seed = event["seed"]
                    sim.hal.new_seed = lambda seed=seed: seed
            sim.hold(name, ms)
            sim.advance(SETTLE_SIM_MS)
            where = "after press %d (%s) on %s" % (step + 1, name, sim.screen_name())
            assert picture_text(pico.picture()) == picture_text(sim.frame), where
            assert pico.led_colors() == sim.leds(), where
        assert pico.panel.model.problems == []
        assert_clean_serial(pico)
