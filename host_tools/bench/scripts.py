"""The bench's press scripts: whole games and the menus, played alike on simulator and device.

Every ``*.txt`` file in host_tools/bench/scripts/ is one script, named by its
file name: press words in the simulator's syntax (``ok``, ``left:long``,
``ok:2000``, ``wait``, ``wait:500``, ``open:chop``; see
host_tools/sim/press_words.py), over as many lines as you like, ``#`` to the
end of a line is a comment. ``open:`` words name main-menu rows; a script's
``words`` have them replaced by the presses they take, worked out once on the
simulator (``expand``), so the device plays plain presses. A script
starts at the main menu of a device just switched on with nothing saved; new
matches get the seeds 1, 2, 3... (on the device through the bench's probe,
host_tools/bench/probe.py), as in the simulator.

How a script is played (the same on both): each press is held as the word
says and followed by the simulator's 120 ms gap; then the player waits until
the screen is at rest (no animation running: on the simulator nothing redrawn
for REST_MS; on the device the CPU mostly asleep for as long, or for only
SETTLED_MS after a press that started no animation on the simulator), at most
REST_LIMIT_MS; ``wait`` words are rarely needed. The device is slower than the
simulator: a press made while it is still busy with the last one (Mmm!'s
odds at board level can take half a second) would be handled late, after an
animation the simulator had it interrupt, or two presses would be seen as one,
and the game would go another way. Waiting for rest makes the device play
exactly the simulator's game.

Adding a game's script is adding one file; check it with

    python -m host_tools.bench.scripts [NAME ...]

which plays it on the simulator and prints, press by press, the screen and
whether the game ended (``check(script)`` says the same in one sentence).

``reference(script)`` runs it on the simulator with the Pico's board
definition: for each word, the screen, the game being played, whether it is
over and whether the screen took the press; then the final picture, for the
bench to compare with the device's.
"""

import os
import sys

from host_tools.sim.press_words import OPEN, word_text
from host_tools.sim.simulator import (
    GAP_MS,
    SHORT_HOLD_MS,
    STEP_MS,
    WAIT,
    Simulator,
    parse_presses,
)
from pawtrack.buttons import LONG_MS

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
REST_MS = 160  # longer than the pauses inside an animation (a cat step rests 150 ms)
SETTLED_MS = 30  # the device's rest after a press that started no animation
REST_LIMIT_MS = 5000
MENUS = "menus"  # the one script that plays no game


class Script:
    def __init__(self, name, text, path=None):
        self.name = name
        self.text = text
        self.path = path
        self.words = expand(parse_presses(strip_comments(text)))

    @property
    def fixed_seeds(self):
        """True when the script's comments say ``seeds: fixed``: it plays its whole game
        only with the seeds the simulator and the bench give (1, 2, 3...)."""
        return any(line.strip() == "# seeds: fixed" for line in self.text.splitlines())

    @property
    def press_text(self):
        """The script as one line of press words (the simulator's --press syntax)."""
        return " ".join(strip_comments(self.text).split())

    def __repr__(self):
        return "Script(%s, %d words)" % (self.name, len(self.words))

    @property
    def presses(self):
        return [word for word in self.words if word[0] != WAIT]


def strip_comments(text):
    return " ".join(line.split("#", 1)[0] for line in text.splitlines())


def load_all(folder=FOLDER):
    """Every script in the folder, by name (menus first, then the others in name order)."""
    names = sorted(n[:-4] for n in os.listdir(folder) if n.endswith(".txt"))
    names.sort(key=lambda n: n != MENUS)
    return [by_name(name, folder) for name in names]


def by_name(name, folder=FOLDER):
    """The script called ``name`` (its file name without .txt)."""
    path = os.path.join(folder, name + ".txt")
    with open(path, encoding="utf-8") as f:
        return Script(name, f.read(), path)


def pico_simulator():
    from host_tools.boards import load_board
    from pawtrack.boarddef import core_board

    return Simulator(board=core_board(load_board("pico")))


def expand(words):
    """``words`` with each ``open:`` replaced by the presses it takes, found by playing them
    (up to the last ``open:``) on a fresh simulator with the Pico's board definition."""
    opens = [index for index, (name, _) in enumerate(words) if name == OPEN]
    if not opens:
        return words
    head = words[: opens[-1] + 1]
    done = pico_simulator().play(" ".join(word_text(*word) for word in head))
    return done + words[opens[-1] + 1 :]


REST_LOOK_MS = 1000
REST_STEP_MS = 20


def reference(script):
    """The script on the simulator: {"steps": [{"screen", "game", "boots", "over", "taken",
    "acked", "animated"}] one per word ("boots": the switches between boots so far;
    "taken": the screen acted on the press; "acked": the pressed
    control was flipped on the panel first (App.acknowledge); "changed": the panel showed
    something new for it (a right on a row of one choice shows nothing); "flipped": the
    picture right after that flip (bytes, or None); "animated": it was
    still being redrawn after the gap), "frame": the picture at the end once the
    animations are over, "frames_at_rest": it and any other picture the next second
    shows (a blinking screen's phases), "leds", "games": the ids of the games it played, "finished":
    those whose match ended}."""
    sim = pico_simulator()
    app = sim.app
    taken = []
    acked = []
    flipped = []
    was_dirty = [False]
    deliver = app.deliver
    acknowledge = app.acknowledge

    def noting_deliver(name, kind):  # App.deliver marks the app dirty when the screen acts
        was_dirty[0] = app.dirty
        app.dirty = False
        deliver(name, kind)
        taken.append(app.dirty)
        app.dirty = app.dirty or was_dirty[0] or any(acked)

    def noting_acknowledge(name):  # the pressed control shown at once, as on the device
        if was_dirty[0]:
            return  # the panel was behind the screen: no acknowledgement (App.acknowledge)
        shown = name in app.canvas.pressable
        acknowledge(name)
        app.dirty = False  # so that noting_deliver sees whether the screen itself acted
        acked.append(shown)
        if shown:
            flipped.append(bytes(app.canvas.buffer))  # the panel right after the flip

    boots = [0]
    reboot = app.reboot

    def counting_reboot(record):  # a switch between boots (a restart on the device)
        boots[0] += 1
        reboot(record)

    app.deliver = noting_deliver
    app.acknowledge = noting_acknowledge
    app.reboot = counting_reboot
    steps = []
    games = []
    finished = []
    for name, ms in script.words:
        del taken[:]
        del acked[:]
        del flipped[:]
        animated = False
        before = bytes(sim.frame)
        if name != WAIT:
            animated = press(sim, name, ms) > 0
        elif ms is None:
            sim.settle()
        else:
            sim.advance(ms)
        session = sim.app._session
        match = session.match if session is not None else None
        game = match.game_id if match is not None else None
        over = bool(match is not None and match.is_over())
        if game and game not in games:
            games.append(game)
        if over and game not in finished:
            finished.append(game)
        steps.append(
            {
                "screen": sim.screen_name(),
                "boots": boots[0],  # switches so far (pawtrack.hal.launcher)
                "game": game,
                "over": over,
                "taken": any(taken),
                "acked": any(acked),
                "flipped": flipped[0] if flipped else None,
                "changed": any(acked) or bytes(sim.frame) != before,
                "animated": animated,
            }
        )
    sim.settle()
    # A screen that never rests (Mmm!'s choice squares blink every 400 ms) ends on
    # whichever phase the moment gives: every picture of the next second counts.
    at_rest = [bytes(sim.frame)]
    for _ in range(REST_LOOK_MS // REST_STEP_MS):
        sim.advance(REST_STEP_MS)
        if bytes(sim.frame) not in at_rest:
            at_rest.append(bytes(sim.frame))
    return {
        "steps": steps,
        "frame": at_rest[0],
        "frames_at_rest": at_rest,
        "leds": sim.leds(),
        "games": games,
        "finished": finished,
    }


def press(sim, name, ms):
    """A press as the bench plays it: held, the gap, then until the screen is at rest.
    Returns how many times the screen was redrawn while the bench waited for rest
    (0: nothing was animating after the gap)."""
    sim.hal.buttons.set(name, True)
    sim.app.step()
    sim.advance(ms)
    sim.hal.buttons.set(name, False)
    sim.advance(GAP_MS)
    quiet = waited = redraws = 0
    while quiet < REST_MS and waited < REST_LIMIT_MS:
        sim.clock.sleep_ms(STEP_MS)
        waited += STEP_MS
        if sim.app.step():
            redraws += 1
            quiet = 0
        else:
            quiet += STEP_MS
    return redraws


def check(script):
    """Problems with a script, as sentences ([] when it is fine)."""
    ref = reference(script)
    problems = []
    for game in ref["games"]:
        if game not in ref["finished"]:
            problems.append("%s: the %s game it plays does not end" % (script.name, game))
    return problems


def is_long(ms):
    """Whether a hold this long is a long press (the firmware's threshold)."""
    return ms >= LONG_MS


def main(argv=None):
    names = (argv if argv is not None else sys.argv[1:]) or None
    problems = []
    for script in load_all():
        if names and script.name not in names:
            continue
        ref = reference(script)
        print("%s: %d words" % (script.name, len(script.words)))
        for (name, ms), step in zip(script.words, ref["steps"]):
            word = name if ms in (None, SHORT_HOLD_MS) else "%s:%d" % (name, ms)
            print(
                "  %-10s %-20s %s%s"
                % (word, step["screen"], step["game"] or "", " (over)" if step["over"] else "")
            )
        problems.extend(check(script))
    for problem in problems:
        print("bench script: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
