"""One game per boot on the emulated Pico (.mpy build): a seeded slice of the soak.

Every game is started, played a little, undone, left for the main menu and resumed
through the protocol, each a switch between boots (a soft reset, pawtrack.hal.launcher);
every answer must carry its command's id as without a switch, a power cut in the middle
of a switch must lose no move, and no MemoryError may appear. At the end the heap's
largest free block after a collection is read in the last game's boot.
"""

import random

from emu.helpers import assert_clean_serial, command
from host_tools.emu import EmulatedPico
from pawtrack import games

SEED = 25
ACTS = 3
LARGEST_FREE_KIB = 48


def largest_free_kib(pico):
    pico.repl.enter()
    text = pico.repl.exec("import gc, micropython\ngc.collect()\nmicropython.mem_info()")
    blocks = int(text.split("max free sz:")[1].split()[0])
    return blocks * 16 / 1024


def test_every_game_through_switches_and_a_cut_during_one():
    rng = random.Random(SEED)
    with EmulatedPico(files="firmware") as pico:
        pico.boot()
        played = {}
        for entry in games.catalog():
            game = entry.ID
            answer = command(pico, {"cmd": "new", "game": game, "seed": rng.randrange(1000)})
            assert answer["ev"] == "started", answer
            legal = answer["legal"]
            for _ in range(ACTS):
                answer = command(pico, {"cmd": "act", "action": rng.choice(legal)})
                assert answer["ev"] == "done", answer
                legal = answer["legal"]
            answer = command(pico, {"cmd": "undo"})  # Om Nom Nom's solo: never past a reveal
            assert answer["ev"] == "done" or answer["code"] == "illegal", answer
            played[game] = command(pico, {"cmd": "state"})["match"]["moves"]
            answer = command(pico, {"cmd": "press", "button": "back"})
            assert (answer["ev"], answer["screen"]) == ("pressed", "HomeScreen"), answer
            answer = command(pico, {"cmd": "resume", "game": game})
            assert (answer["ev"], answer["actions"]) == ("done", played[game]), answer
        # A power cut while the device switches to another game's boot.
        pico.type('{"cmd": "new", "game": "chop", "seed": 1, "id": "cut"}\n')
        pico.power_cut(at_ms=pico.emulated_ms() + 150)
        pico.run_for(400)
        pico.boot()
        for game, actions in played.items():
            if game == "chop":
                continue  # its new match may have been started before the cut
            answer = command(pico, {"cmd": "resume", "game": game})
            assert (answer["ev"], answer["actions"]) == ("done", actions), (game, answer)
        assert_clean_serial(pico)
        assert largest_free_kib(pico) >= LARGEST_FREE_KIB
