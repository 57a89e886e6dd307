"""Mmm! on the simulated device, by button presses only: a whole game, a power cut, the end.

Everything goes through ``Simulator.press`` (pins, debouncing, virtual time),
from power-on: main menu -> Mmm! -> options (level: lite by default; one
press makes it board) -> Start -> the game -> the end screen. The only
other thing the tests do is let virtual time pass so the animations finish
(a person would wait for them too) and look at what the device shows. The
simulator counts its seeds (1 for the first game after power-on), so every
run is the same game.
"""

import json

from host_tools.sim.simulator import Simulator
from pawtrack import files as file_io
from pawtrack.games.mmm import history
from pawtrack.games.mmm.chart import RATING_TEXT, History


def settle(sim):
    """Let an animation play out (at most a few seconds of virtual time)."""
    for _ in range(200):
        if getattr(sim.app.screen, "animation", None) is None:
            return
        sim.advance(50)
    raise AssertionError("animation never ended")


def game(sim):
    return sim.app.session.match.game


def choice(sim):
    """The choice the screen shows ("> Roll" -> "Roll")."""
    return sim.app.screen.text_lines()[-1][2:]


def act_by_presses(sim):
    """Press until one action is taken: the usual choice, but stop instead of re-rolling.

    Returns the presses it took. Ok on "Place fish..." opens the places of
    the fish (best first), the next ok places it; with nothing left to place
    the row starts at Stop.
    """
    moves = sim.app.session.match.moves
    presses = 0
    while sim.app.session.match.moves == moves and not game(sim).is_over():
        if choice(sim).startswith("Re-roll"):
            sim.press("right")  # -> Stop (lite: the decide row is Re-roll, Stop)
            presses += 1
        sim.press("ok")
        presses += 1
        settle(sim)
        assert presses < 10, "no action after 10 presses"
    return presses


def play_turns(sim, actions):
    """Play by the screen: place what fits (best place first), stop instead of re-rolling."""
    for _ in range(actions):
        if game(sim).is_over():
            return
        act_by_presses(sim)


def start_from_power_on(state_dir=None, level="board"):
    sim = Simulator(state_dir=state_dir)
    assert sim.app.screen.text_lines()[0] == "> Mmm!"
    sim.run("ok")  # Mmm!: its options, "Start" selected
    assert sim.screen_name() == "GameSetupScreen"
    lines = sim.app.screen.text_lines()
    assert lines[0] == "  level: lite" and lines[-2:] == ["> Start", "Lite: fits any box"]
    if level == "board":
        sim.run("right ok left")  # level (wrapping round): lite -> board, back to Start
        assert sim.app.screen.text_lines()[0] == "  level: board"
        assert sim.app.screen.text_lines()[-1] == "Example: not your box"
    sim.run("ok")
    assert sim.screen_name() == "MmmScreen"
    assert choice(sim) == "Roll"
    return sim


def stored_history(sim):
    data, message = file_io.safe_read(sim.hal.files, history.PATH)
    assert message is None
    return None if data is None else History.from_json(data.decode())


def test_a_whole_game_by_button_presses(tmp_path):
    sim = start_from_power_on(str(tmp_path / "flash"))
    match = sim.app.session.match
    assert match.seed == 1 and match.options["level"] == "board"
    play_turns(sim, 400)
    state = game(sim).state()
    assert state["over"] and state["phase"] == "over"
    result = state["result"]
    uncovered = sum(item["size"] - item["covered"] for item in state["items"])
    if result["won"]:
        assert uncovered == 0 and result["distance"] == state["track"] - state["cat"] > 0
    else:
        assert state["cat"] == state["track"] == 11
        assert result["pieces_left"] == uncovered > 0
    lines = sim.app.screen.text_lines()
    assert lines[0] == ("You won!" if result["won"] else "The cat got in!")
    assert lines[1] == RATING_TEXT[result["rating"]]
    assert lines[-1] == "> Play again"
    kept = stored_history(sim)
    assert kept.games() == 1
    assert (kept.wins if result["won"] else kept.losses) == {"s1-normal": 1}
    assert kept.recorded([1, match.moves])
    # Looking around the end screen counts nothing more.
    sim.run("right ok")  # History
    assert sim.screen_name() == "HistoryScreen"
    page = sim.app.screen.text_lines()
    expected = "Side 1 %8d%5d" % (len(kept.wins), len(kept.losses))
    assert page[0] == expected
    assert page[-1] == "since on: %d of 1 won" % len(kept.wins)
    sim.run("back right ok")  # See board
    assert sim.app.screen.text_lines()[-1] == "> OK: result"
    sim.run("ok")
    assert stored_history(sim).games() == 1


def test_the_same_presses_give_the_same_game(tmp_path):
    def run(folder):
        sim = start_from_power_on(str(tmp_path / folder))
        play_turns(sim, 30)
        return sim.app.session.match.actions(0, 100000), game(sim).state(), sim.frame, sim.leds()

    assert run("a") == run("b")


def test_power_cut_mid_game_offers_resume_and_resumes_the_same_state(tmp_path):
    folder = str(tmp_path / "flash")
    sim = start_from_power_on(folder)
    play_turns(sim, 12)
    sim.press("ok")  # an action whose animation is cut short by the power
    before = json.dumps(game(sim).state(), sort_keys=True)
    actions = sim.app.session.match.actions(0, 100000)
    assert actions and not game(sim).is_over()
    settle(sim)
    shown = sim.app.screen.text_lines()

    again = Simulator(state_dir=folder)  # the power comes back
    menu = again.app.screen.text_lines()
    assert menu[0] == "> Resume Mmm!"
    assert again.app.screen.title_right() == game(sim).summary()[:21]
    again.run("ok")
    assert again.screen_name() == "MmmScreen"
    assert again.app.session.match.actions(0, 100000) == actions
    assert json.dumps(game(again).state(), sort_keys=True) == before
    assert again.app.screen.text_lines() == shown
    play_turns(again, 400)
    assert game(again).is_over()
    assert stored_history(again).games() == 1


def test_long_ok_shows_the_odds_then_the_history(tmp_path):
    sim = start_from_power_on(str(tmp_path / "flash"))
    sim.run("ok:long")
    assert sim.screen_name() == "OddsScreen"
    assert sim.app.screen.text_lines()[0] == "Odds show when you"
    sim.run("right")
    assert sim.app.screen.text_lines()[0] == "Side 1        0    0"
    sim.run("ok")
    assert sim.screen_name() == "MmmScreen"


def test_play_again_keeps_the_options_and_counts_both_games(tmp_path):
    sim = start_from_power_on(str(tmp_path / "flash"))
    play_turns(sim, 400)
    first = sim.app.session.match
    sim.run("ok")  # Play again
    second = sim.app.session.match
    assert second is not first and second.options == first.options
    assert second.seed == first.seed + 1
    play_turns(sim, 400)
    assert stored_history(sim).games() == 2


def test_leds_follow_the_cat(tmp_path):
    sim = start_from_power_on(str(tmp_path / "flash"))
    leds = sim.leds()
    assert leds[0][2] > 0 and leds[11][0] > 0 and leds[11][2] == 0  # cat, pantry
    while game(sim).cat == 0:
        play_turns(sim, 1)
    cat = game(sim).cat
    leds = sim.leds()
    assert leds[cat] == max(leds[: cat + 1], key=lambda colour: colour[2])
    assert leds[0] != (0, 0, 0) and leds[0][2] < leds[cat][2]  # walked, dim


def test_history_from_the_options_screen(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run("ok")  # Mmm! is first in the menu
    assert sim.screen_name() == "GameSetupScreen"
    assert sim.app.screen.entries()[-2:] == ["History", "Start"]
    sim.run("left ok")
    assert sim.screen_name() == "HistoryScreen"
    sim.run("back")
    assert sim.screen_name() == "GameSetupScreen"


def test_own_layout_missing_is_a_message_not_a_crash(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run("ok right ok")  # Mmm!'s options, then level: lite -> board
    labels = sim.app.screen.entries()
    assert labels[0] == "level: board"
    layout_row = [i for i, label in enumerate(labels) if label.startswith("layout")][0]
    sim.app.screen.selected = layout_row
    sim.run("ok")  # example -> own
    assert sim.app.screen.entries()[layout_row] == "layout: own"
    assert sim.app.screen.text_lines()[-1] == "No own layout yet"
    sim.app.screen.selected = len(labels) - 1  # Start
    sim.run("ok")
    assert sim.screen_name() == "MessageScreen"
    assert "Cannot start: no own layout installed" in " ".join(sim.app.screen.text_lines())
    sim.run("ok")
    assert sim.screen_name() == "GameSetupScreen"
