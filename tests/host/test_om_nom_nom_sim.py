"""Om Nom Nom on the simulated device and over the serial protocol.

* The menu and the options screen start every mode.
* Random legal play of whole games in every mode through
  ``python -m host_tools.sim --serial`` (the real child process): every action
  is answered, none is refused, every game ends. ``make test`` plays
  ``OM_NOM_NOM_SERIAL_GAMES`` games per mode (default 30).
* Solo undo past a reveal is refused over the protocol too, with the reason.
* A power cut in the middle of a game resumes to the same match and page.
"""

import os
import random

from host_tools.client import Client
from host_tools.sim.simulator import Simulator
from pawtrack import games

GAMES_PER_MODE = int(os.environ.get("OM_NOM_NOM_SERIAL_GAMES", "30"))
MODES = (
    ("solo", lambda rng: {"mode": "solo", "solo_rivals": rng.choice((2, 3))}),
    ("table", lambda rng: {"mode": "table", "players": rng.randint(2, 6)}),
    ("sheet", lambda rng: {"mode": "sheet", "players": rng.randint(2, 6)}),
)


def test_listed_in_the_main_menu_and_every_mode_starts_from_the_options():
    assert games.find("om_nom_nom").NAME in Simulator().app.screen.entries()
    for mode, presses in (("solo", ""), ("table", "right ok left"), ("sheet", "right ok ok left")):
        sim = Simulator()
        sim.run("right right right ok")
        assert sim.app.screen.text_lines() == [  # the player count is for table and sheet
            "  mode: solo", "  solo rivals: 2", "  rolls: device", "> Start",
            "V1,V2: virtual rivals"]
        sim.run(presses + " ok")
        assert sim.screen_name() == "OmNomScreen"
        assert sim.app.session.match.options["mode"] == mode
        assert sim.app.screen.text_lines()[-1] == "> Roll the dice"


def play_random_game(client, rng, mode, options):
    seed = rng.randrange(1, 2**32)
    answer, _ = client.new("om_nom_nom", seed, options)
    assert answer["ev"] == "started", answer
    legal = answer["legal"]
    actions = 0
    over = False
    while not over:
        action = rng.choice(legal)
        answer, events = client.send({"cmd": "act", "action": action})
        assert answer["ev"] == "done", (mode, seed, action, answer)
        assert not [event for event in events if event["ev"] == "error"], (mode, seed, events)
        actions += 1
        legal = answer["legal"]
        over = answer["over"]
        assert actions < 200, (mode, seed)
    return actions, events


def test_random_legal_games_in_every_mode_through_the_serial_protocol():
    rng = random.Random(13)
    played = {}
    with Client("sim", timeout=30) as client:
        for mode, options_of in MODES:
            for _ in range(GAMES_PER_MODE):
                actions, last_events = play_random_game(client, rng, mode, options_of(rng))
                assert [event["ev"] for event in last_events][-2:] == ["round", "over"]
                played[mode] = played.get(mode, 0) + 1
        state = client.state()
    assert played == {mode: GAMES_PER_MODE for mode, _ in MODES}
    assert state["match"]["state"]["over"] is True
    assert state["screen"] == "OmNomScreen"


def test_solo_undo_past_a_reveal_is_refused_over_the_protocol():
    with Client("sim") as client:
        client.new("om_nom_nom", 5, {"mode": "solo"})
        client.act("roll")
        answer, _ = client.send({"cmd": "undo"})
        assert answer["ev"] == "done"  # the roll showed no card
        client.act("roll")
        answer, events = client.act("play wolf")
        assert [event["ev"] for event in events][:1] == ["reveal"]
        answer, events = client.send({"cmd": "undo"})
        assert answer["ev"] == "error" and answer["code"] == "illegal"
        assert answer["reason"] == "No undo once the cards are revealed."
        state = client.state()
        assert state["match"]["moves"] == 2
        assert "deck" not in str(state["match"]["state"])


def test_table_mode_entries_and_the_reveal_over_the_protocol():
    with Client("sim") as client:
        client.new("om_nom_nom", 7, {"mode": "table", "players": 2})
        client.act("roll")
        answer, events = client.act("play cat")
        assert events == [{"ev": "card", "seat": "p1", "card": "cat", "next": "p2"}]
        assert "play cat" in answer["legal"]  # p2 still holds a cat
        answer, events = client.act("play mouse")
        assert events[0] == {"ev": "reveal", "round": 1, "turn": 1,
                             "cards": {"p1": "cat", "p2": "mouse"}}
        board = [event for event in events if event["ev"] == "board"][0]
        assert board["eats"][0]["cards"] == ["p2"]
        state = client.state()
        assert state["text"][0] == "R1 T1 cards"
        outcomes = state["match"]["state"]["last_turn"]["outcomes"]
        assert outcomes["p2"] == {"card": "mouse", "outcome": "eaten", "points": 0,
                                  "cards": [], "dice": 0, "by": "p1"}


def test_a_power_cut_mid_game_resumes_the_same_match(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.app.start_match(games.find("om_nom_nom"), {"mode": "table", "players": 3}, 21)
    for action in ("roll", "play wolf", "play rabbit", "play cat", "play mouse"):
        sim.app.session.act(action)
    before = sim.app.session.match.snapshot()
    again = Simulator(state_dir=str(tmp_path))  # the plug was pulled: a fresh boot
    assert again.app.screen.entries()[0] == "Resume Om Nom Nom"
    again.run("ok")
    assert again.screen_name() == "OmNomScreen"
    assert again.app.session.match.snapshot() == before
    assert again.app.screen.text_lines()[0] == "R1 T2 P2 card"
