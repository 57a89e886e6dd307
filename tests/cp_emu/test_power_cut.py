"""Power cuts in a match on the emulated CircuitPython Pico: it resumes to the last shown state
or one past it.

A Cat & Mouse match is started on the data port and played by the OK button.
The power is cut while the press's actions are written to CIRCUITPY's FAT,
right after a 4 KiB flash sector has been written (its erase and its
program), and once while the button is still down. After each cut the board
boots again; the saved match that the firmware's own code reads from the
drive (on the host, through FatFs) must hold the actions shown before the
cut, or one more; the menu must be exactly what the simulator shows for that
drive (the save was read, nothing set aside); and the board resumes the
match.

Not covered, because no code on the board can survive it: a cut between a
sector's erase and its program (or inside either). CircuitPython writes any
512-byte block by erasing and reprogramming its whole 4 KiB flash sector, so
such a cut loses the other seven blocks too, whatever file or directory they
belong to. Seen here: a cut right after an erase left pawtrack_board.py
unreadable and the board stopped at a SyntaxError
(docs/journal.md, "On CircuitPython (FAT)").
"""

import os
import tempfile

from emu.helpers import pico_simulator

from cp_emu.helpers import assert_clean_logs, command
from host_tools.emu import fat_drive
from host_tools.emu.circuitpython import EmulatedCircuitPython

CUTS = ("after_sector", "button_down", "after_sector")


def saved_match(pico, game):
    """(the menu picture the simulator draws with the board's drive, the saved actions)."""
    with tempfile.TemporaryDirectory() as folder:
        for path, data in fat_drive.read_files(pico.flash_image()).items():
            local = os.path.join(folder, *path.split("/"))
            os.makedirs(os.path.dirname(local), exist_ok=True)
            with open(local, "wb") as f:
                f.write(data)
        sim = pico_simulator(folder)
        match, _problem = sim.app.session.resume(game)
        return bytes(sim.frame), (match.actions(0, match.moves) if match is not None else None)


def logged_actions(pico):
    """The current match's actions, page by page with the protocol's log command."""
    actions = []
    while True:
        page = command(pico, {"cmd": "log", "from": len(actions)})
        actions += page["actions"]
        if len(actions) >= page["moves"] or not page["actions"]:
            return actions


def test_power_cuts_in_a_match_resume_to_the_last_shown_state_or_one_past(flashed):
    with EmulatedCircuitPython(flash_image=flashed) as pico:
        assert pico.boot() is not None, pico.status()
        started = command(pico, {"cmd": "new", "game": "chop", "seed": 11}, limit_ms=30000)
        assert started["ev"] == "started", started
        pico.settle()
        for _ in range(2):
            pico.press("ok", gap_ms=300)
            pico.settle()
        actions = logged_actions(pico)
        cuts = 0
        presses = 0
        while cuts < len(CUTS):
            presses += 1
            assert presses < 6 * len(CUTS), "the presses stopped writing to the drive"
            if CUTS[cuts] == "button_down":
                pico.power_cut(at_ms=pico.emulated_ms() + 40)
            else:  # CircuitPython flushes a sector as an erase, then a program
                pico.power_cut(after_op=len(pico.flash_ops) + 2)
            boots = len(pico.boots)
            pico.press("ok", gap_ms=400)
            if len(pico.boots) == boots:  # nothing was written: no cut happened
                pico.power_cut(cancel=True)
                pico.settle()
                actions = logged_actions(pico)
                continue
            cuts += 1
            assert pico.boot(limit_ms=15000) is not None, "no picture after the cut"
            pico.settle()
            frame, saved = saved_match(pico, "chop")
            where = "cut %d (%s), %d actions before" % (cuts, CUTS[cuts - 1], len(actions))
            assert saved is not None, where
            assert len(saved) in (len(actions), len(actions) + 1), where
            assert saved[: len(actions)] == actions, where
            assert pico.picture() == frame, where
            resumed = command(pico, {"cmd": "resume"}, limit_ms=30000)
            assert resumed["ev"] == "done" and resumed["actions"] == len(saved), where
            pico.settle()
            actions = saved
        assert_clean_logs(pico)
