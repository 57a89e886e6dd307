"""Mice and Mystics on the simulated device: a whole chapter by button presses, power cuts.

The chapter is the press script host_tools/bench/scripts/mice_mystics.txt
(made by host_tools/bench/mystics_script.py): from power-on through the menu,
the chapter setup and every turn to the chapter's end, through the
simulator's pins, debouncing and virtual time. A power cut is a new
Simulator on the same flash folder: the main menu offers Resume, and every
tracker (wheel, hourglass, end marker, each mouse's cheese and captures, the
achievements, the initiative track and the cursor) must be as it was.
"""

import json

from host_tools.bench.mystics_script import read_script
from host_tools.sim.simulator import Simulator
from pawtrack import games
from pawtrack.rng import Rng

ACTIONS_IN_SCRIPT = 216


def game(sim):
    return sim.app.session.match.game


def trackers(sim):
    """Everything the device keeps for the chapter, as one comparable value."""
    g = game(sim)
    return {
        "state": json.dumps(g.state()),
        "actions": sim.app.session.match.actions(0, 100000),
        "dice": sorted(g.dice_used.items()),
        "wheel": g.wheel,
        "hourglass": g.hourglass,
        "end": g.end,
        "cheese": sorted(g.cheese.items()),
        "captures": sorted(g.captures.items()),
        "captured": list(g.captured),
        "achievements": sorted(g.achievements.items()),
        "track": list(g.track),
        "current": g.current,
        "round": g.round,
        "surges": g.surges,
    }


def test_listed_in_the_main_menu():
    assert games.find("mice_mystics").NAME in Simulator().app.screen.entries()


def test_a_whole_chapter_by_button_presses(tmp_path):
    sim = Simulator(state_dir=str(tmp_path / "flash"))
    sim.run(read_script())
    g = game(sim)
    assert g.is_over()
    assert g.result == {"won": False, "reason": "hourglass", "round": 15, "hourglass": g.end,
                        "end": g.end}
    actions = sim.app.session.match.actions(0, 100000)
    assert len(actions) == ACTIONS_IN_SCRIPT
    verbs = set(action.split(" ")[0] for action in actions)
    # The chapter had every kind of turn: setup, battles both ways, checks,
    # encounters (ambush at the start), a capture and a rescue, rounds' ends.
    for verb in ("endpage", "hero", "minion", "deal", "move", "attack", "defend", "check",
                 "roll", "encounter", "captured", "rescue", "board", "end"):
        assert verb in verbs, verb
    assert actions[:6] == ["endpage 7", "hero collin", "hero nez", "hero maginos",
                           "minion rats", "deal ambush"]
    # (since the rescue needs the minion cards off the track, no short scripted
    # chapter both rescues and makes a Cheesemaster; the rules tests cover it)
    assert g.surges >= 3
    assert sim.app.screen.text_lines()[0] == "Chapter lost R15"
    assert all(color[0] > 0 and color[1] == 0 for color in sim.leds())  # the alarm: red


def test_power_cut_mid_chapter_resumes_with_every_tracker_intact(tmp_path):
    presses = read_script().split()
    whole = Simulator(state_dir=str(tmp_path / "whole"))
    whole.run(" ".join(presses))
    folder = str(tmp_path / "flash")
    sim = Simulator(state_dir=folder)
    cuts = 0
    index = 0
    moves = 0
    while index < len(presses):
        sim.run(presses[index])
        index += 1
        match = sim.app.session.match
        acted = match is not None and match.moves != moves
        moves = match.moves if match is not None else 0
        # Cut the power now and then, right after an action, at the table.
        if not (acted and sim.screen_name() == "MysticsScreen" and index % 97 < 8):
            continue
        if game(sim).is_over() or game(sim).phase == "setup":
            continue
        before = trackers(sim)
        shown = sim.app.screen.text_lines()
        leds = sim.leds()
        sim = Simulator(state_dir=folder)  # the power comes back
        assert sim.app.screen.text_lines()[0] == "> Resume Mystics"  # the row fits 18 characters
        sim.run("ok")
        assert sim.screen_name() == "MysticsScreen"
        assert trackers(sim) == before
        assert sim.app.screen.text_lines() == shown
        assert sim.leds() == leds
        cuts += 1
    assert cuts >= 5
    # The rest of the presses play on exactly as without the cuts.
    assert trackers(sim) == trackers(whole)


def test_power_cuts_through_a_long_chapter_over_the_session(tmp_path):
    folder = str(tmp_path / "flash")
    sim = Simulator(state_dir=folder)
    sim.app.start_match(games.find("mice_mystics"), {"overflow": "keep"}, seed=77)
    session = sim.app.session
    for action in ("endpage 10", "hero nez", "hero tilda", "hero lily", "minion spider",
                   "minion brodie", "deal ambush"):
        session.act(action)
    chooser = Rng(2026)
    done = 0
    while done < 600 and not game(sim).is_over():
        legal = game(sim).legal_actions()
        calm = [a for a in legal if a.split(" ")[0] not in ("won", "captured", "hourglass",
                                                            "endpage")]
        end = "end" in legal and chooser.below(3) == 0
        session.act("end" if end else chooser.choice(calm or legal))
        done += 1
        if done % 60 == 0:
            before = trackers(sim)
            sim = Simulator(state_dir=folder)
            sim.run("ok")  # Resume
            session = sim.app.session
            assert trackers(sim) == before, done
    assert done >= 300, done
