"""Mouse Chaos on the simulated device: choices, undo, seats and hold-to-peek, LEDs."""

import os

from host_tools.sim.simulator import Simulator
from pawtrack import games
from pawtrack.games.mouse_chaos.rules import COLOURS


def start(**options):
    sim = Simulator()
    sim.app.start_match(games.find("mouse_chaos"), options, seed=11)
    sim.advance(20)
    return sim


def game(sim):
    return sim.app.session.match.game


def test_listed_in_the_main_menu():
    assert "mouse_chaos" in [package.ID for package in games.catalog()]
    assert games.find("mouse_chaos").NAME in Simulator().app.screen.entries()


def test_ok_draws_then_choices_cycle_and_act():
    sim = start(players=3)
    assert sim.screen_name() == "MouseChaosScreen"
    assert sim.app.screen.text_lines()[-1] == "> Draw holder"
    sim.run("ok")
    assert sim.app.session.match.recent == ["draw"]
    assert sim.app.screen.text_lines()[-1] == "> Done"
    sim.run("right right ok")
    assert sim.app.session.match.recent == ["draw", "enter nw"]
    assert game(sim).state()["nests"][0]["mice"] == 2


def test_long_back_undoes_and_back_goes_home():
    sim = start()
    sim.run("ok right ok")
    assert sim.app.session.match.moves == 2
    sim.run("back:long")
    assert sim.app.session.match.recent == ["draw"]
    sim.run("back")
    assert sim.screen_name() == "HomeScreen"
    assert sim.app.screen.entries()[0].startswith("Resume Mouse Chaos")


def test_reveal_is_guided_on_screen():
    sim = start(players=4)
    while game(sim).state()["nests"][0]["mice"] < 4:
        sim.run("ok right right ok")  # draw, "Mouse into NW"
        if game(sim).state()["phase"] == "turn":
            sim.run("ok")  # step 3 done
    lines = sim.app.screen.text_lines()
    assert lines[0].startswith("NW nest full")
    assert lines[-1] == "> Own colour"
    sim.run("right")
    assert sim.app.screen.text_lines()[-1].startswith("> It is ")


def test_open_mode_leds_show_the_nest_colours():
    sim = start(players=4)
    lit = [colour for colour in sim.leds() if colour != (0, 0, 0)]
    assert len(lit) == 4
    assert len(set(lit)) == 4


def test_secret_mode_hides_colours_until_ok_is_held_on_the_seats_page():
    sim = start(players=2, colours="secret")
    lit = set(colour for colour in sim.leds() if colour != (0, 0, 0))
    assert len(lit) == 1  # all white: no colour on the strip
    sim.hal.buttons.set("ok", True)
    sim.advance(600)  # the long press opens the seats page, ok still down
    assert sim.screen_name() == "SeatsScreen"
    assert sim.app.screen.peeking is False
    hidden = sim.frame
    sim.hal.buttons.set("ok", False)
    sim.advance(100)
    assert sim.frame == hidden
    assert set(sim.leds()) == {(0, 0, 0)}
    sim.hal.buttons.set("ok", True)
    sim.advance(100)
    assert sim.app.screen.peeking is True
    assert sim.frame != hidden
    for line in sim.app.screen.text_lines():
        for colour in COLOURS:
            assert colour not in line
    sim.hal.buttons.set("ok", False)
    sim.advance(100)
    assert sim.frame == hidden
    assert sim.app.session.match.recent == []
    sim.run("back")
    assert sim.screen_name() == "MouseChaosScreen"


def test_secret_colours_are_named_a_secrecy_option_not_the_original():
    # The option hides who plays which colour; the rest of the game stays the
    # rewrite's, so nothing calls it the original game's mode.
    sim = Simulator()
    sim.run("right ok")  # Mouse Chaos (the second game): its options
    entries = sim.app.screen.entries()
    assert "colours: open" in entries
    sim.app.screen.selected = entries.index("colours: open")
    sim.run("ok")
    assert "colours: secret" in sim.app.screen.entries()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for path in ("README.md", "docs/protocol.md", "docs/rules/mouse_chaos.md",
                 "firmware/pawtrack/games/mouse_chaos/rules.py"):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = " ".join(f.read().split()).lower()
        for wrong in ("original's secret", "(the original game)", "secret-colour mode"):
            assert wrong not in text, (path, wrong)
        assert "secrecy option" in text or path == "README.md", path
