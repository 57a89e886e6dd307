"""Every screen can be left with the buttons the board has, three or four, by press words
that the simulator's keys also make.

The screens are found by pressing from power-on: each main-menu entry, then up
to three more of ok, right, left and long ok. From each screen found, back
(on three buttons: holding left, 800 ms) must go one screen down the stack;
the button test, which reports every button, is left by holding OK for 2 s.
"""

import itertools

import pytest

from host_tools.sim.simulator import Simulator
from pawtrack.games import GAMES

FOUR = ("left", "ok", "right", "back")
THREE = ("left", "ok", "right")
MENU_ENTRIES = len(GAMES) + 2  # the games, Dice & bag, Settings
WORDS = ("ok", "right", "left", "ok:long")
BACK = {FOUR: "back", THREE: "left:800"}


def screen_id(screen):
    return "%s.%s" % (type(screen).__module__, type(screen).__name__)


def stack(sim):
    return [screen_id(screen) for screen in sim.app.screens]


def after(presses, buttons=FOUR):
    sim = Simulator(buttons=buttons)
    sim.run(presses)
    return sim


def reachable_screens():
    """{screen: the first presses from power-on that show it}, the main menu left out."""
    found = {}
    for entry in range(MENU_ENTRIES):
        opening = ["right"] * entry + ["ok"]
        for count in range(4):
            for more in itertools.product(WORDS, repeat=count):
                presses = " ".join(opening + list(more))
                top = stack(after(presses))[-1]
                if top not in found and not top.endswith(".HomeScreen"):
                    found[top] = presses
    return found


SCREENS = reachable_screens()


def test_the_search_finds_the_screens_of_every_part():
    names = {screen.rsplit(".", 1)[1] for screen in SCREENS}
    for expected in ("GameSetupScreen", "MmmScreen", "OddsScreen", "MouseChaosScreen",
                     "SeatsScreen", "ChopScreen", "MixScreen", "DiceToolScreen", "RollScreen",
                     "BagScreen", "HistoryScreen", "SettingsScreen", "ButtonTestScreen"):
        assert expected in names, sorted(names)


@pytest.mark.parametrize("buttons", [FOUR, THREE], ids=["four buttons", "three buttons"])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_screen_can_be_left(screen, buttons):
    presses = SCREENS[screen]
    sim = after(presses, buttons)
    before = stack(sim)
    assert before[-1] == screen
    leave = "ok:2000" if screen.endswith(".ButtonTestScreen") else BACK[buttons]
    sim.run(leave)
    # A game's table is at the bottom of its own boot: leaving it is the main menu's boot.
    expected = before[:-1] or ["pawtrack.ui.home.HomeScreen"]
    assert stack(sim) == expected, "%s after %r, then %r" % (screen, presses, leave)
