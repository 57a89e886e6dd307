"""Saved games on the emulated Pico: a long match after a power cut, and power cuts everywhere.

The long match is played on the host by the firmware's own code (1,000 Cat &
Mouse actions, host_tools/emu/matches.py) and put on the flash with the
firmware, as ``make flash`` would leave it. The power-cut session plays a match
by buttons and cuts the power at 25 instants spread over it (two games: 50), between and during
flash operations; after each the board boots, its menu must be exactly what
the simulator shows for the same flash (so the saved game was read and nothing
was set aside), the saved match must hold the actions shown before the cut or
one more, and the referee resumes it and goes on.
"""

import json
import tempfile

import pytest

from emu.helpers import assert_clean_serial, files_of, pico_simulator, protocol_events
from host_tools.emu import EmulatedPico
from host_tools.emu.fs_image import firmware_files
from host_tools.emu.matches import play_long_match, saved_files

CUTS_PER_GAME = 25  # two games: 50 cuts in all
RESUME_LIMIT_MS = 15000  # emulated; the 1,000-action replay took about 4 s


ANSWER_LIMIT_MS = 8000  # emulated: a new or resume switches boots (pawtrack.hal.launcher)


def command(pico, message, run_ms=400):
    """A protocol command typed on the serial port; its answer (waited for in steps of
    ``run_ms`` up to ANSWER_LIMIT_MS)."""
    said = len(pico.serial)
    message = dict(message, id="t")
    pico.type(json.dumps(message) + "\n")
    waited = 0
    while True:
        pico.run_for(run_ms)
        waited += run_ms
        answers = [e for e in protocol_events(pico, said) if e.get("id") == "t"]
        if answers or waited >= ANSWER_LIMIT_MS:
            break
    assert answers, "no answer to %s: %r" % (message, bytes(pico.serial[said:])[-300:])
    return answers[-1]


def saved_match(pico, game):
    """(the home picture the simulator draws with this flash, the saved match's actions)."""
    with tempfile.TemporaryDirectory() as folder:
        files_of(pico, folder)
        sim = pico_simulator(folder)
        frame = sim.frame
        match, _problem = sim.app.session.resume(game)
        return frame, (match.actions(0, match.moves) if match is not None else None)


def logged_actions(pico):
    """The current match's live actions, read page by page with the protocol's log command."""
    actions = []
    while True:
        page = command(pico, {"cmd": "log", "from": len(actions)})
        actions += page["actions"]
        if len(actions) >= page["moves"] or not page["actions"]:
            return actions


def test_a_1000_action_match_resumes_after_a_power_cut_at_boot(tmp_path):
    snapshot = play_long_match(str(tmp_path), "chop", 1000, seed=3)
    with EmulatedPico(files=firmware_files() + saved_files(str(tmp_path))) as pico:
        pico.power_cut(at_ms=200)  # while it boots
        pico.run_for(300)
        assert [reason for _, reason in pico.boots] == ["power", "cut"]
        pico.boot()
        frame, actions = saved_match(pico, "chop")
        assert len(actions) == snapshot["moves"] == 1000
        assert actions[-len(snapshot["recent"]) :] == snapshot["recent"]
        assert pico.picture() == frame  # the menu offers Resume; nothing was set aside
        said = len(pico.serial)
        pico.press("ok")  # Resume: the first row; replaying 1,000 actions takes seconds
        for _ in range(RESUME_LIMIT_MS // 100):
            if any(e.get("ev") == "resumed" for e in protocol_events(pico, said)):
                break
            pico.run_for(100)
        pico.settle()
        assert command(pico, {"cmd": "state"})["match"] == snapshot
        assert_clean_serial(pico)


@pytest.mark.parametrize("game", ["chop", "mouse_chaos"])
def test_power_cuts_across_a_session_resume_to_the_last_shown_state_or_one_past(game):
    with EmulatedPico(files=firmware_files()) as pico:
        pico.boot()
        started = command(pico, {"cmd": "new", "game": game, "seed": 11}, run_ms=1500)
        assert started["ev"] == "started"
        count = 0
        actions = []
        cuts = 0
        presses = 0
        while cuts < CUTS_PER_GAME:
            presses += 1
            assert presses < 4 * CUTS_PER_GAME, "the presses stopped causing flash operations"
            next_op = len(pico.flash_ops) + 1
            kind = presses % 4
            if kind == 0:
                pico.power_cut(during_op=next_op, fraction=0.5)
            elif kind == 1:
                pico.power_cut(after_op=next_op)
            elif kind == 2:
                pico.power_cut(at_ms=pico.emulated_ms() + 95)  # just after the release
            else:
                pico.power_cut(during_op=next_op, fraction=0.05)
            boots = len(pico.boots)
            pico.press("ok", gap_ms=300)
            if len(pico.boots) == boots:  # the action wrote nothing: no cut happened
                pico.power_cut(cancel=True)
                pico.settle()
                actions = logged_actions(pico)
                count = len(actions)
                continue
            cuts += 1
            assert pico.boot() is not None, "no picture after the cut"
            frame, saved = saved_match(pico, game)
            where = "cut %d (%s), %d actions before" % (cuts, pico.cuts[-1], count)
            assert saved is not None, where
            assert len(saved) in (count, count + 1) and saved[:count] == actions, where
            assert pico.picture() == frame, where
            resumed = command(pico, {"cmd": "resume"}, run_ms=800)
            assert resumed["ev"] == "done" and resumed["actions"] == len(saved), where
            actions = saved
            count = len(saved)
        assert_clean_serial(pico)


BUSY_INSTRUCTIONS = 600_000  # in 10 emulated ms: the loop at rest runs about 120,000


def test_back_held_while_the_resumed_match_is_tidied_is_an_undo(tmp_path):
    """Back pressed as soon as a resumed match's table is up and held 700 ms (a long
    press) is an undo, even while the loop is busy with the work put off for a still
    screen (undo's base rebuilt, the menu's order written): the press is timed from
    its pin's edge, not from the loop pass that first reads it."""
    snapshot = play_long_match(str(tmp_path), "chop", 1000, seed=3)
    with EmulatedPico(files=firmware_files() + saved_files(str(tmp_path))) as pico:
        pico.boot()
        said = len(pico.serial)
        pico.press("ok")  # Resume
        for _ in range(RESUME_LIMIT_MS // 10):
            if any(e.get("ev") == "resumed" for e in protocol_events(pico, said)):
                break
            pico.run_for(10)
        busy = 0
        for _ in range(100):  # the still screen's work starts 20 ms after the table
            before = pico.stats()["instructions"]
            pico.run_for(10)
            if pico.stats()["instructions"] - before >= BUSY_INSTRUCTIONS:
                busy += 1
                if busy == 2:
                    break
            else:
                busy = 0
        assert busy == 2, "no work after the resumed table"
        busy_from = pico.emulated_ms()
        pico.press("back", long=True)
        match = command(pico, {"cmd": "state"})["match"]
        assert match is not None, "back held from %.0f ms left the match (a short back)" % (
            busy_from
        )
        assert match["moves"] == snapshot["moves"] - 1
        assert_clean_serial(pico)
