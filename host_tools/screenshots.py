"""Pictures of the real firmware, rendered by the simulator.

    python -m host_tools.screenshots           # docs/img/*.png for the README
    python -m host_tools.screenshots --golden  # tests/golden/*.png for the tests

Every scene is a list of button presses from a fresh device, so the same
scene always gives the same picture. The golden-image tests replay SCENES and
compare pixel for pixel with tests/golden/.
"""

import argparse
import os
import sys

from host_tools.bench import scripts as press_scripts
from host_tools.sim.simulator import Simulator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS_IMG = os.path.join(ROOT, "docs", "img")
GOLDEN = os.path.join(ROOT, "tests", "golden")

MICE_MYSTICS_SETUP = (
    "left left left ok ok ok right ok ok ok right ok right right ok back left ok ok back ok"
)

# name -> presses from power-on. Keep names stable: the README links them.
# Settings is the last main-menu entry, one "left" (wrapping round) away.
SCENES = {
    "menu": "",
    "settings": "left ok",
    "button_test": "left ok right right ok ok:long",
    # Counted from the end too: Dice & bag is second to last.
    "dice_mmm": "left left ok ok ok ok",  # roll 3 Mmm! dice; the last ok skips the tumble
    "dice_d6": "left left ok right right right right right ok right right right ok ok",
    "dice_tally": "left left ok right right right ok ok ok ok ok",  # 15 Om Nom prey, twice
    "dice_bag": "left left ok left left left left ok ok ok",  # two cheese holders drawn
    # The games after Mmm! are counted from the top: Mouse Chaos, Cat & Mouse, Om Nom Nom.
    "mouse_chaos": "right ok ok ok",  # start, draw a cheese holder
    "chop": "right right ok ok ok",  # Cat & Mouse: start, roll the mouse die
    # Om Nom Nom, solo (the default mode): start, roll; play the first card; a whole round.
    "om_nom_nom_boards": "right right right ok ok ok",
    "om_nom_nom_reveal": "right right right ok ok ok ok",
    "om_nom_nom_scores": "right right right ok ok ok" + " ok ok" * 6,
    # Table mode (options: mode -> table): roll, p1 has entered a card.
    "om_nom_nom_table": "right right right ok right ok left ok ok ok",
    # Sheet mode (options: mode -> table -> sheet): roll, p1's round total counted up to 3.
    "om_nom_nom_sheet": "right right right ok right ok ok left ok ok right right right",
    # The whole solo game of the press script: the final ranking.
    "om_nom_nom_end": press_scripts.by_name("om_nom_nom_solo").press_text,
    # Mmm! is the first game; its options open on Start, with level lite. A press
    # during an animation only ends it, hence the extra ok after a roll and
    # before leaving the end screen. "right ok left" sets level: board.
    "mmm_roll": "ok right ok left ok ok ok",  # start (board level), roll, skip the tumble
    "mmm_odds": "ok right ok left ok ok ok ok ok:long",  # ... the best move, long ok: the odds
    # Lite level (the default), one turn that finishes the food: a win.
    "mmm_end": "ok ok ok ok left left ok right ok ok ok",
    "mmm_history": "ok ok ok ok left left ok right ok ok ok ok right ok",
    # Mice & Mystics, third from the end: start, end page 7, heroes Collin, Nez and
    # Maginos, Rat warriors, deal with ambush; the rats move and miss, then
    # Maginos moves and attacks, the rats defend: both rolls and the wounds.
    "mice_mystics": MICE_MYSTICS_SETUP + " ok ok ok ok ok ok ok ok ok ok ok ok",
    "mice_mystics_chapter": MICE_MYSTICS_SETUP + " ok ok ok ok ok ok ok ok ok ok ok ok ok:long",
}


def scene_presses():
    return dict(SCENES)


def render(name, presses):
    sim = Simulator()
    sim.run(presses)
    return sim


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--golden", action="store_true", help="write tests/golden instead")
    args = parser.parse_args(argv)
    out = GOLDEN if args.golden else DOCS_IMG
    os.makedirs(out, exist_ok=True)
    for name, presses in scene_presses().items():
        sim = render(name, presses)
        path = os.path.join(out, name + ".png")
        sim.save_png(path)
        print("%s  (%s)" % (os.path.relpath(path, ROOT), presses or "power-on"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
