"""The flashed firmware on the emulated Pico, played by its buttons, draws what the simulator draws.

The Pico starts with the filesystem ``make flash`` would leave (built on the
host: tests/emu/test_make_flash.py does the real thing once). Each press word
is done on the board (its pin held low) and on the simulator (with the same
board definition) at the same time since power-on (host_tools/emu/alongside.py),
and once the board is at rest the panel picture decoded from the I2C bytes and
the strip colours decoded from the WS2812 bitstream must equal the simulator's.
A match started on the device is started in the simulator with the seed the
device announced on its serial port. tests/uf2 plays the same SCRIPT on the
pawtrack UF2.
"""

from emu.helpers import assert_clean_serial, pico_simulator, play_alongside
from host_tools.emu import EmulatedPico

# Settings and back; Cat & Mouse: options, start, rolls, a tile, back to the menu (now
# with Resume); Mmm!: options, start, roll, place, an undo (long back).
SCRIPT = (
    "left ok right back left left ok ok ok ok ok right ok back"
    " left left ok ok ok wait ok ok right ok back:long"
)


def test_a_scripted_session_gives_the_simulators_pictures_and_leds():
    sim = pico_simulator()
    with EmulatedPico(files="firmware") as pico:
        assert pico.boot() is not None
        assert pico.picture() == sim.frame
        play_alongside(pico, sim, SCRIPT)
        assert pico.panel.model.problems == []
        assert_clean_serial(pico)
