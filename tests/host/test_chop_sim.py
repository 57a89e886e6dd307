"""Cat & Mouse on the simulated device: roll, tiles, knife, counters, mix page, LEDs."""

from host_tools.sim.simulator import Simulator
from pawtrack import games


def start(**options):
    sim = Simulator()
    sim.app.start_match(games.find("chop"), options, seed=5)
    sim.advance(20)
    return sim


def game(sim):
    return sim.app.session.match.game


def test_listed_in_the_main_menu():
    assert "chop" in [package.ID for package in games.catalog()]
    assert games.find("chop").NAME in Simulator().app.screen.entries()


def test_roll_then_end_passes_to_the_cat():
    sim = start(players=3)
    lines = sim.app.screen.text_lines()
    assert lines[0] == "Mouse 1 T1"
    assert lines[-1] == "> Roll die"
    sim.run("ok")
    rolled = game(sim).state()["rolled"]
    assert sim.app.screen.text_lines()[1] == "rolled %d" % rolled
    assert sim.app.screen.text_lines()[-1] == "> End turn"
    sim.run("ok")
    assert sim.app.screen.text_lines()[0] == "Cat T2"
    assert sim.leds()[-1][2] > 0 and sim.leds()[-1][0] == 0  # blue for the cat


def test_knife_tile_shows_the_double_turn():
    sim = start(players=3)
    sim.run("ok " + "right " * 7 + "ok")  # roll, "Tile: knife"
    assert game(sim).state()["tiles"]["last"] == "knife"
    assert "cat twice" in sim.app.screen.text_lines()
    sim.run("left " * 7 + "ok")  # back to "End turn"
    sim.run("ok ok ok ok")  # cat rolls and ends, twice
    assert sim.app.screen.text_lines()[0] == "Mouse 2 T4"


def test_digital_flip_and_cheese_leds():
    sim = start(tiles="digital")
    sim.run("ok right")
    assert sim.app.screen.text_lines()[-1] == "> Flip tile"
    while game(sim).state()["cheese"] < 2:
        sim.run("ok")
    assert sim.leds()[:3].count((0, 0, 0)) == 1
    assert sim.leds()[0] == sim.leds()[1] != (0, 0, 0)


def test_long_back_undoes_and_long_ok_shows_the_mix():
    sim = start()
    sim.run("ok right ok")  # roll, tile cheese
    assert game(sim).state()["cheese"] == 1
    sim.run("back:long")
    assert game(sim).state()["cheese"] == 0
    sim.run("ok:long")
    assert sim.screen_name() == "MixScreen"
    assert sim.app.screen.text_lines()[:2] == ["about 38 left (a guess)", "cheese ~10"]
    sim.run("back")
    assert sim.screen_name() == "ChopScreen"


def test_game_over_leaves_no_choice():
    sim = start()
    labels = []
    while not game(sim).is_over():
        label = sim.app.screen.text_lines()[-1]
        labels.append(label)
        if label == "> Caught +1":
            sim.run("ok")
        else:
            sim.run("right")
        assert len(labels) < 200
    assert "cat won" in sim.app.screen.text_lines()
