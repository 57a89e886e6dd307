"""Saved games on the emulated Pico: a long match after a power cut, and power cuts everywhere.

The long match is played on the host by the firmware's own code (1,000 Cat &
Mouse actions, host_tools/emu/matches.py) and put on the flash with the
firmware, as ``make flash`` would leave it; the power goes while the board
boots, and the board must offer it on its menu and resume it exactly.

Power cuts: one session per game is played by buttons on the board, once,
with every flash operation recorded with its bytes; after each press the
match the board shows is read over the serial port. From that log the flash
is rebuilt as a power cut would leave it (host_tools/emu/flash_log.py) at
every instant between two flash operations and part of the way through each
(a torn erase or program): far more than 50 instants per session. For each,
the firmware's own code on the host (the simulator on that flash) must find
no damage and resume the state the board showed before the cut, or the one
the press being handled led to; once a press's flash writes are all done,
exactly the state after it. A real power cut on the board leaves exactly the
flash the log rebuilds, and the board itself boots from several of the cut
images: its menu is the simulator's for that flash, it resumes the same match
and plays on.
"""

import pytest

from emu.helpers import assert_clean_serial, canonical, command, on_host
from host_tools.emu import EmulatedPico
from host_tools.emu.flash_log import FlashLog
from host_tools.emu.fs_image import FS_BYTES, FS_OFFSET, firmware_files
from host_tools.emu.matches import play_long_match, saved_files
from host_tools.sim.simulator import parse_presses

SEED = 11
# Presses after the match is started: mostly OK (roll, end the turn, draw, ...),
# some choices along the row, and an undo (long back).
SESSIONS = {
    "chop": "ok ok ok ok right ok ok ok back:long ok ok ok left ok ok ok ok right ok ok ok ok"
    " ok ok left left ok ok ok",
    "mouse_chaos": "ok right ok right ok ok left ok right ok back:long right ok ok right ok"
    " right ok ok right right ok right ok ok left ok right ok",
}
FRACTIONS = (0.05, 0.5, 0.95)
RESUME_LIMIT_MS = 30000


class Session:
    """A recorded session: the filesystem before it, its flash operations, and after
    each step (the new match, then each press) how many operations were done and the
    match the board showed."""

    def __init__(self, game, start, full_start, ops, marks, shown, cut):
        self.game = game
        self.start = start
        self.full_start = full_start
        self.ops = ops
        self.marks = marks  # marks[i]: operations done once step i was shown
        self.shown = shown  # shown[i]: the match snapshot after step i (shown[0]: None)
        self.cut = cut  # the real cut at the end: (op index in ops, fraction, image after)

    def allowed(self, done, torn=False):
        """The snapshots a cut may leave after ``done`` operations (and one more torn):
        once a step's operations are all done, exactly what it showed; while they are
        under way, what the step before showed or what this one shows."""
        if not torn and done in self.marks:
            return [self.shown[self.marks.index(done)]]
        for i in range(1, len(self.marks)):
            if self.marks[i - 1] <= done < self.marks[i]:
                return [self.shown[i - 1], self.shown[i]]
        raise AssertionError("%d operations is past the recorded session" % done)

    def full_image(self, fs_image):
        return self.full_start[:FS_OFFSET] + fs_image + self.full_start[FS_OFFSET + FS_BYTES :]


def record(game):
    with EmulatedPico(files=firmware_files(), record_flash_data=True) as pico:
        pico.boot()
        full_start = pico.flash_image()
        start = full_start[FS_OFFSET : FS_OFFSET + FS_BYTES]
        first_op = len(pico.flash_ops)
        marks = [0]
        shown = [None]
        started = command(pico, {"cmd": "new", "game": game, "seed": SEED}, run_ms=200)
        assert started["ev"] == "started", started
        pico.settle()
        marks.append(len(pico.flash_ops) - first_op)
        shown.append(canonical(command(pico, {"cmd": "state"}, run_ms=100)["match"]))
        for name, ms in parse_presses(SESSIONS[game]):
            pico.press(name, hold_ms=ms)
            pico.settle()
            marks.append(len(pico.flash_ops) - first_op)
            shown.append(canonical(command(pico, {"cmd": "state"}, run_ms=100)["match"]))
        assert_clean_serial(pico)
        # A real power cut half-way through the flash operation of one more action.
        cut_op = len(pico.flash_ops) + 1
        pico.power_cut(during_op=cut_op, fraction=0.5)
        pico.press("ok")
        assert pico.cuts, "the last press wrote nothing to the flash"
        ops = pico.flash_ops[first_op:]
        assert ops[-1]["index"] == cut_op and ops[-1]["cut"]
        cut = (len(ops), 0.5, pico.filesystem_image())
    return Session(game, start, full_start, ops, marks, shown, cut)


@pytest.fixture(scope="module", params=sorted(SESSIONS))
def session(request):
    return record(request.param)


def test_a_real_power_cut_leaves_the_flash_the_log_rebuilds(session):
    count, fraction, image = session.cut
    log = FlashLog(session.start, session.ops, FS_OFFSET)
    assert log.during(count, fraction) == image
    assert log.after(count - 1) != image  # the torn operation changed something


def test_power_cuts_at_every_instant_resume_the_shown_state_or_the_next(session):
    log = FlashLog(session.start, session.ops[:-1], FS_OFFSET)  # the real cut's op aside
    ops = len(log)
    instants = [(done, None) for done in range(ops + 1)]
    instants += [(n, f) for n in range(1, ops + 1) for f in FRACTIONS]
    assert len(instants) >= 50
    assert session.marks[-1] == ops and len(set(session.marks)) > 10
    checked = 0
    # In the order the log can rebuild them going forward: after n - 1, n torn, after n.
    def order(instant):
        done, fraction = instant
        return (done, 0) if fraction is None else (done - 1, 1, fraction)

    for done, fraction in sorted(instants, key=order):
        image = log.after(done) if fraction is None else log.during(done, fraction)
        screen, _frame, saved = on_host(image)
        where = "%s: cut %s operation %d of %d (%s)" % (
            session.game,
            "after" if fraction is None else "%.0f%% through" % (100 * fraction),
            done,
            ops,
            session.ops[max(done - 1, 0)]["op"],
        )
        assert screen == "HomeScreen", where + ": a note at power-on"
        torn = fraction is not None
        allowed = session.allowed(done - 1 if torn else done, torn)
        assert saved in allowed, "%s: resumed %s, shown %s" % (
            where,
            saved and saved["moves"],
            [s and s["moves"] for s in allowed],
        )
        checked += 1
    print("%s: %d power cuts checked over %d flash operations" % (session.game, checked, ops))


def boot_and_resume(session, fs_image):
    """The board switched on with this flash: its menu, then resume and one more action."""
    _screen, frame, saved = on_host(fs_image)
    with EmulatedPico(flash_image=session.full_image(fs_image)) as pico:
        assert pico.boot() is not None
        assert pico.picture() == frame, "the menu differs from the simulator's for this flash"
        if saved is None:
            return
        resumed = command(pico, {"cmd": "resume"}, run_ms=200)
        assert resumed["ev"] == "done", resumed
        state = command(pico, {"cmd": "state"}, run_ms=100)
        assert canonical(state["match"]) == saved
        if state["legal"]:
            acted = command(pico, {"cmd": "act", "action": state["legal"][0]}, run_ms=200)
            assert acted["ev"] == "done" and acted["actions"] == saved["moves"] + 1, acted
        assert_clean_serial(pico)


def test_the_board_resumes_after_power_cuts(session):
    log = FlashLog(session.start, session.ops[:-1], FS_OFFSET)
    middle = [i + 1 for i, op in enumerate(session.ops[:-1]) if i + 1 not in session.marks]
    programs = [n for n in middle if session.ops[n - 1]["op"] == "program"]
    erases = [n for n in range(1, len(log) + 1) if session.ops[n - 1]["op"] == "erase"]
    images = [session.cut[2]]  # the real cut
    if programs:
        images.append(log.during(programs[len(programs) // 2], 0.5))
    if erases:
        images.append(log.during(erases[len(erases) // 2], 0.5))
    for image in images:
        boot_and_resume(session, image)


def test_a_1000_action_match_resumes_after_a_power_cut_at_boot(tmp_path):
    snapshot = canonical(play_long_match(str(tmp_path), "chop", 1000, seed=3))
    files = firmware_files() + saved_files(str(tmp_path))
    with EmulatedPico(files=files) as pico:
        pico.power_cut(at_ms=200)  # while it boots
        pico.run_for(300)
        assert [reason for _, reason in pico.boots] == ["power", "cut"]
        pico.boot()
        screen, frame, saved = on_host(pico.filesystem_image())
        assert screen == "HomeScreen" and saved == snapshot
        assert pico.picture() == frame  # the menu offers Resume; nothing was set aside
        pico.press("ok")  # Resume: the first row
        resumed = command(pico, {"cmd": "state"}, run_ms=500, limit_ms=RESUME_LIMIT_MS)
        assert canonical(resumed["match"]) == snapshot
        assert_clean_serial(pico)
