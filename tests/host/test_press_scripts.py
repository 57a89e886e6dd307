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
    sim.run(presses)
    match = sim.app.session.match
    assert match is not None and match.is_over(), name
    assert sim.screen_name() != "MessageScreen", name
    assert [event for event in shown if event["ev"] == "error"] == []
    # Nothing left over: one more ok changes nothing in the match.
    moves = match.moves
    sim.run("ok")
    assert sim.app.session.match.moves == moves


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
            sim.run(script.press_text)
            assert sim.app.session.match.is_over(), (name, seed_offset)


def test_comments_and_line_breaks(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("# a comment\nok right  # then a long ok\n  # indented comment\nok:long\n")
    (found,) = scripts.load_all(str(tmp_path))
    assert (found.name, found.path, found.press_text) == ("x", str(path), "ok right ok:long")
