"""Every press script (host_tools/bench/scripts) plays a whole game on the simulator.

The scripts are what ``make bench`` and the emulated Pico replay to measure a
game's heap and press latency, so each must start its game from power-on,
never hit a refusal or an error, and end on the game's last page.
"""

import pytest

from host_tools.bench import scripts
from host_tools.sim.simulator import Simulator, parse_presses

SCRIPTS = [script for script in scripts.load_all() if script.name != scripts.MENUS]


def test_there_are_scripts():
    assert len(SCRIPTS) >= 3


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.name for script in SCRIPTS])
def test_the_script_plays_a_whole_game(script, tmp_path):
    name, presses = script.name, script.press_text
    assert parse_presses(presses)
    sim = Simulator(state_dir=str(tmp_path))
    shown = []
    sim.app.listeners.append(shown.append)
    played = last_match(sim)
    sim.run(presses)
    match = played[-1]
    assert match is not None and match.is_over(), name
    assert sim.screen_name() != "MessageScreen", name
    assert [event for event in shown if event["ev"] == "error"] == []
    if sim.app.session.match is not None:
        # Nothing left over: one more ok changes nothing in the match.
        moves = match.moves
        sim.run("ok")
        assert sim.app.session.match.moves == moves
    else:  # the script went back to the main menu, where no match is open
        assert sim.screen_name() == "HomeScreen", name


def last_match(sim):
    """A list that gets the app's match at each of its events: a script that ends at the
    main menu (its own boot, without the match) is checked on the match it played."""
    played = [None]
    sim.app.listeners.append(lambda event: played.append(sim.app.session.match))
    return played


def test_a_script_does_not_depend_on_the_seed(tmp_path):
    for script in SCRIPTS:
        if script.fixed_seeds:
            continue  # written for the seeds 1, 2, 3... (the test above plays it with them)
        name = script.name
        for seed_offset in (100, 2000):
            sim = Simulator(state_dir=str(tmp_path / ("%s-%d" % (name, seed_offset))))
            seeds = [seed_offset]

            def next_seed(seeds=seeds):
                seeds[0] += 7
                return seeds[0]

            sim.hal.new_seed = next_seed
            played = last_match(sim)
            sim.run(script.press_text)
            assert played[-1].is_over(), (name, seed_offset)


def test_comments_and_line_breaks(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("# a comment\nok right  # then a long ok\n  # indented comment\nok:long\n")
    (found,) = scripts.load_all(str(tmp_path))
    assert (found.name, found.path, found.press_text) == ("x", str(path), "ok right ok:long")
