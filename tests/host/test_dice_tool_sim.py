"""The "Dice & bag" tool on the simulated device, reached from power-on through the menus."""

from host_tools.sim.simulator import Simulator
from pawtrack import dice
from pawtrack.ui.dice_roll_screen import ROLL_MS

# Dice & bag sits just before Settings, the last entry: two "left" from the top.
TO_TOOL = "left left ok"


def test_menu_entry_leads_to_the_tool(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    lines = sim.app.screen.text_lines()
    assert lines[-2:] == ["  Dice & bag", "  Settings"]
    sim.run(TO_TOOL)
    assert sim.screen_name() == "DiceToolScreen"
    assert sim.app.screen.text_lines()[0] == "> Mmm! food x3"
    sim.run("back")
    assert sim.screen_name() == "HomeScreen"


def test_roll_three_mmm_dice_from_power_on(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run(TO_TOOL + " ok ok")
    assert sim.screen_name() == "RollScreen"
    assert sim.app.screen.rolling
    sim.advance(ROLL_MS)
    assert not sim.app.screen.rolling
    entry = sim.app.screens[-2].tool.history[0]
    assert entry["die"] == "mmm" and len(entry["faces"]) == 3
    assert set(entry["faces"]) <= set(dice.MMM_FOOD)
    lines = sim.app.screen.text_lines()
    assert lines[0] == "Mmm! food x3"
    assert lines[1] == " ".join(entry["faces"])
    leds = sim.leds()
    assert all(led != (0, 0, 0) for led in leds[:3])
    assert all(led == (0, 0, 0) for led in leds[3:])


def test_a_press_skips_the_tumble_and_long_ok_shows_the_history(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run(TO_TOOL + " right right right right right ok right ok")  # 2 plain d6
    screen = sim.app.screen
    assert screen.rolling
    sim.run("ok")  # skips, does not roll again
    assert not screen.rolling
    history = sim.app.screens[-2].tool.history
    assert len(history) == 1
    total = sum(history[0]["faces"])
    assert screen.text_lines()[-1].endswith("= %d" % total)
    sim.run("ok:long")
    assert sim.screen_name() == "HistoryScreen"
    assert sim.app.screen.text_lines()[0] == "1/1"


def test_draw_the_cheese_holders_from_the_menu(tmp_path):
    sim = Simulator(state_dir=str(tmp_path))
    sim.run(TO_TOOL + " left left left left ok")
    assert sim.screen_name() == "BagScreen"
    sim.run("ok ok ok")
    lines = sim.app.screen.text_lines()
    assert lines[0] == "Cheese holders 3/6"
    assert lines[1].startswith("drew ")
    sim.run("back")
    assert sim.app.screen.text_lines()[6] == "> Cheese holders 3/6"
