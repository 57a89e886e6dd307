"""Each of the five games played by the buttons on the emulated CircuitPython Pico.

The board starts from the flash ``make flash RUNTIME=circuitpython`` left. The
game is opened from the main menu and the presses that follow the menu choice
in its bench script (host_tools/bench/scripts: options, Start, the first
actions) are done, then back to the menu, which saves the match. Every press
is done on the board and on the simulator at the same instant since power-on,
and at rest the panel picture decoded from the I2C bytes and the strip colours
decoded from the PIO's WS2812 bitstream must equal the simulator's; a match
the simulator starts gets the seed the board announced on its data port. The
console and the data port must say no error.

All five fit CircuitPython 10.2.1's heap on the Pico for these first presses
since a game's boot stopped loading the other games' icons and the journal's
rarely used readers. Mmm! at its default level also plays a whole game to its
end screen; at level board, and Mice & Mystics, whole games still run out of
memory (docs/hardware.md, section 2b, has the figures).
"""

import pytest
from emu.helpers import pico_simulator

from cp_emu.helpers import assert_clean_logs, play_alongside, protocol_events
from host_tools.bench.scripts import by_name
from host_tools.emu.circuitpython import EmulatedCircuitPython

PRESSES_IN_GAME = 4
GAMES = [  # (the bench script, the game's row on the main menu)
    ("mmm", "Mmm!"),
    ("mouse_chaos", "Mouse Chaos"),
    ("chop", "Cat & Mouse"),
    ("om_nom_nom_solo", "Om Nom Nom"),
    ("mice_mystics", "Mice & Mystics"),
]


def to_row(sim, title):
    """The presses that move the main menu's highlight to the row called title."""
    rows = sim.app.screen.text_lines()
    names = [row[2:] for row in rows]
    here = next(i for i, row in enumerate(rows) if row.startswith(">"))
    steps = (names.index(title) - here) % len(rows)
    return ["right"] * steps if steps <= len(rows) - steps else ["left"] * (len(rows) - steps)


def in_game(script):
    """The script's presses after its menu choice (its ``open:`` word: the moves and the
    ok on the main menu, which to_row makes here)."""
    words = by_name(script).press_text.split()
    assert words[0].startswith("open:"), words[:2]
    return words[1 : 1 + PRESSES_IN_GAME]


@pytest.mark.parametrize("script, title", GAMES)
def test_a_game_played_by_buttons_gives_the_simulators_pictures_and_leds(flashed, script, title):
    sim = pico_simulator()
    with EmulatedCircuitPython(flash_image=flashed) as pico:
        assert pico.boot() is not None, pico.status()
        assert pico.picture() == bytes(sim.frame)
        play_alongside(pico, sim, " ".join(to_row(sim, title) + ["ok"] + in_game(script)))
        assert any(e.get("ev") == "new" for e in protocol_events(pico)), "no match started"
        play_alongside(pico, sim, "back")
        assert sim.screen_name() == "HomeScreen"
        assert pico.panel.model.problems == []
        assert_clean_logs(pico)


MMM_LONGEST_GAME = 60  # oks; a lite game with the first choice always taken ends well before


def test_mmm_at_its_default_level_plays_a_whole_game_to_its_end_screen(flashed):
    """Mmm! as a family starts it (the options as they come: level lite), ok after ok to its
    end screen, with a host's commands loaded (every press here is followed by a hello):
    the end screen, the results kept and the checkpoint after it fit the heap."""
    sim = pico_simulator()
    with EmulatedCircuitPython(flash_image=flashed) as pico:
        assert pico.boot() is not None, pico.status()
        play_alongside(pico, sim, " ".join(to_row(sim, "Mmm!") + ["ok", "ok"]))
        assert sim.app.session.match.options["level"] == "lite"
        for _ in range(MMM_LONGEST_GAME):
            if sim.app.session.match.game.is_over():
                break
            play_alongside(pico, sim, "ok")
        assert sim.app.session.match.game.is_over(), "no end in %d oks" % MMM_LONGEST_GAME
        play_alongside(pico, sim, "wait:2000")
        assert pico.panel.model.problems == []
        assert_clean_logs(pico)
