"""The press word open:ROW, shared by every player of press words: it opens a main-menu row by
name, from wherever the highlight is and whatever the menu holds, and says clearly when it
cannot."""

import pytest

from host_tools.bench import scripts
from host_tools.emu import alongside
from host_tools.sim.press_words import MENU_ROWS, OPEN, PressError, parse_presses, word_text
from host_tools.sim.simulator import Simulator


def opened(sim):
    """The open: name of what the screen shows after picking a row."""
    screen = sim.app.screen
    name = type(screen).__name__
    if name == "GameSetupScreen":
        return screen.module.ID
    return {"DiceToolScreen": "dice", "SettingsScreen": "settings"}[name]


def test_open_words_parse_and_print_back():
    assert parse_presses("open:chop ok open:dice,open:settings") == [
        (OPEN, "chop"), ("ok", 80), (OPEN, "dice"), (OPEN, "settings")]  # fmt: skip
    assert [word_text(*word) for word in parse_presses("open:mmm ok:long ok:2000 wait:5 wait")] == [
        "open:mmm", "ok:long", "ok:2000", "wait:5", "wait"]  # fmt: skip


@pytest.mark.parametrize("bad", ["open:chopp", "open:", "open:Cat"])
def test_a_name_no_row_has_is_refused_with_the_names_there_are(bad):
    with pytest.raises(PressError) as caught:
        parse_presses("ok " + bad)
    assert str(caught.value) == (
        "no main-menu row is called %r (open: takes mmm, mouse_chaos, chop, om_nom_nom,"
        " mice_mystics, dice, settings)" % bad.partition(":")[2]
    )


@pytest.mark.parametrize("row", MENU_ROWS)
def test_every_row_opens_from_anywhere_on_the_menu(row, tmp_path):
    for start in ("", "right right right", "left", "left left left left left left"):
        sim = Simulator(state_dir=str(tmp_path / ("s%d" % len(start))))
        sim.run(start)
        done = sim.play("open:" + row)
        assert opened(sim) == row, (start, row)
        assert done[-1] == ("ok", 80)
        moves = [name for name, _ in done[:-1]]
        assert len(set(moves)) <= 1 and len(moves) <= 3  # the shorter way round 7 rows


def test_the_presses_are_the_shorter_way_round():
    sim = Simulator()
    assert sim.play("open:mouse_chaos back") == [("right", 80), ("ok", 80), ("back", 80)]
    assert sim.play("open:om_nom_nom back") == [("right", 80)] * 2 + [("ok", 80), ("back", 80)]
    assert sim.play("open:settings") == [("right", 80)] * 3 + [("ok", 80)]  # 3 of 7 rows down
    sim.run("back")
    assert sim.play("open:mouse_chaos") == [("right", 80)] * 2 + [("ok", 80)]  # on round the end
    sim = Simulator()
    assert sim.play("open:settings") == [("left", 80), ("ok", 80)]  # from row 1: round the top


def test_reordered_games_and_resume_rows_do_not_change_what_a_name_opens(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run("open:chop ok ok back")  # a Cat & Mouse match left on the table: a Resume row
    assert sim.screen_name() == "HomeScreen"
    assert sim.app.screen.entries()[0] == "Resume Cat & Mouse"
    sim.app.games = list(reversed(sim.app.games))  # as if the games were reordered
    for row in ("mice_mystics", "chop", "dice", "mmm"):
        sim.run("open:" + row)
        assert opened(sim) == row
        sim.run("back")


def test_open_off_the_main_menu_says_so():
    sim = Simulator()
    sim.run("open:chop")
    with pytest.raises(PressError) as caught:
        sim.run("open:mmm")
    assert str(caught.value) == (
        "open:mmm is played on the main menu, but the screen is GameSetupScreen (go back to"
        " the menu first)"
    )


def test_a_bench_script_plays_the_presses_its_open_words_take():
    script = scripts.Script("x", "open:dice  # Dice & bag\nback open:settings")
    assert script.press_text == "open:dice back open:settings"
    assert script.words == [("left", 80), ("left", 80), ("ok", 80), ("back", 80),
                            ("right", 80), ("ok", 80)]  # fmt: skip
    with pytest.raises(PressError, match="^open:settings is played on the main menu, but the"):
        scripts.Script("y", "open:dice open:settings")  # refused when loaded


class BoardStandIn:
    """What alongside.press asks of the emulated Pico, with the presses it was given."""

    def __init__(self):
        self.ms = 0.0
        self.boots = [(0.0, "power")]
        self.pressed = []
        self.serial = bytearray()  # what the board printed: no press here switches boots

    def emulated_ms(self):
        return self.ms

    def press(self, name, hold_ms):
        self.pressed.append((name, hold_ms))
        self.ms += hold_ms + 120

    def settle(self, quiet_ms=0, limit_ms=0):
        self.ms += quiet_ms


def test_the_emulated_pico_driver_plays_open_as_the_simulator_works_it_out():
    board = BoardStandIn()
    sim = Simulator()
    for name, ms in parse_presses("right open:om_nom_nom"):
        alongside.press(board, sim, name, ms)
    assert board.pressed == [("right", 80), ("right", 80), ("right", 80), ("ok", 80)]
    assert opened(sim) == "om_nom_nom"
