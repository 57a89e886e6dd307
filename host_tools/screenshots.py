"""Pictures of the real firmware, rendered by the simulator.

    python -m host_tools.screenshots           # docs/img/*.png for the README
    python -m host_tools.screenshots --golden  # tests/golden/*.png for the tests

Every scene is a list of press words from a fresh device
(host_tools/sim/press_words.py; menu rows opened by name, ``open:chop``), so the
same scene always gives the same picture. The golden-image tests replay SCENES
and compare pixel for pixel with tests/golden/.

Without --golden it also takes pictures of the web page (make web) in headless
Chromium, docs/img/web_desktop.png and web_phone.png (host_tools/web/screenshots.py);
where no Chromium can be found that part is skipped and the reason printed.
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
    "open:mice_mystics ok ok right ok ok ok right ok right right ok back left ok ok back ok"
)
# The same with the option rolls: table (the row above Start).
MICE_MYSTICS_TABLE_ROLLS = MICE_MYSTICS_SETUP.replace(
    "open:mice_mystics", "open:mice_mystics left ok right", 1
)

# name -> presses from power-on. Keep names stable: the README links them. Menu rows are
# opened by name (open:chop), so adding or reordering a game leaves these scenes alone.
SCENES = {
    "menu": "",
    "settings": "open:settings",
    "button_test": "open:settings right right ok ok:long",
    "dice_mmm": "open:dice ok ok ok",  # roll 3 Mmm! dice; the last ok skips the tumble
    "dice_d6": "open:dice right right right right right ok right right right ok ok",
    "dice_tally": "open:dice right right right ok ok ok ok ok",  # 15 Om Nom prey, twice
    "dice_bag": "open:dice left left left left ok ok ok",  # two cheese holders drawn
    "mouse_chaos": "open:mouse_chaos ok ok",  # start, draw a cheese holder
    "chop": "open:chop ok ok",  # Cat & Mouse: start, roll the mouse die
    "chop_entry": "open:chop left ok right ok ok right",  # rolls: table; the die on 2
    # Om Nom Nom, solo (the default mode): start, roll; play the first card; a whole round.
    "om_nom_nom_boards": "open:om_nom_nom ok ok",
    "om_nom_nom_reveal": "open:om_nom_nom ok ok ok",
    # Rolls: table: the 15 prey dice counted per symbol, rabbits 2, carrots up to 5.
    "om_nom_nom_entry": "open:om_nom_nom left ok right ok ok left ok right right",
    "om_nom_nom_scores": "open:om_nom_nom ok ok" + " ok ok" * 6,
    # Table mode (options: mode -> table): roll, p1 has entered a card.
    "om_nom_nom_table": "open:om_nom_nom right ok left ok ok ok",
    # Sheet mode (options: mode -> table -> sheet): roll, p1's round total counted up to 3.
    "om_nom_nom_sheet": "open:om_nom_nom right ok ok left ok ok right right right",
    # The whole solo game of the press script: the final ranking.
    "om_nom_nom_end": press_scripts.by_name("om_nom_nom_solo").press_text,
    # Mmm!'s options open on Start, with level lite. A press during an animation only
    # ends it, hence the extra ok after a roll and before leaving the end screen.
    # "right ok left" sets level: board.
    "mmm_roll": "open:mmm right ok left ok ok ok",  # start (board level), roll, skip the tumble
    "mmm_odds": "open:mmm right ok left ok ok ok ok ok:long",  # ... the best move, its odds
    # Lite level (the default), one turn that finishes the food: a win.
    "mmm_end": "open:mmm ok ok ok left left ok right ok ok ok",
    # Rolls: table (seven rights from Start reach its row, seven lefts come back): the
    # roll asks for the faces; fish entered, the second die on cheese.
    "mmm_entry": "open:mmm" + " right" * 7 + " ok" + " left" * 7 + " ok ok right ok right right",
    "mmm_history": "open:mmm ok ok ok left left ok right ok ok ok ok right ok",
    # Mice & Mystics: start, end page 7, heroes Collin, Nez and Maginos, Rat warriors,
    # deal with ambush; the rats move and miss, then Maginos moves and attacks, the rats
    # defend: both rolls and the wounds.
    "mice_mystics": MICE_MYSTICS_SETUP + " ok ok ok ok ok ok ok ok ok ok ok ok",
    "mice_mystics_chapter": MICE_MYSTICS_SETUP + " ok ok ok ok ok ok ok ok ok ok ok ok ok:long",
    # With the table rolling: the ambush die entered as 1; the rats attack with 3 dice,
    # bow entered, the second die on cheese.
    "mice_mystics_entry": MICE_MYSTICS_TABLE_ROLLS
    + " ok right ok ok right ok right right right ok right right",
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
    if not args.golden:
        from host_tools.web import screenshots as web_screenshots

        try:
            for path in web_screenshots.take(out):
                print("%s  (the web page)" % os.path.relpath(path, ROOT))
        except web_screenshots.Unavailable as reason:
            print("screenshots: the web page's pictures skipped: %s" % reason)
    return 0


if __name__ == "__main__":
    sys.exit(main())
