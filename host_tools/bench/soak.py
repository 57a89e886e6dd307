"""The soak: many seeded matches of every game on the emulated Pico, through every kind of switch.

    python -m host_tools.bench.soak [--build mpy|uf2] [--matches 50] [--seed 25]

One emulator run plays ``matches`` matches one after the other on one board
(make bench runs it for both builds; docs/performance.md has the figures).
The first five are one of each game, then the game is drawn at random. Each
match is a start (a new match with a random seed) or, when that game has a
saved match, a resume; then 2 to 16 steps, each an action drawn from the
answer's ``legal`` list or, one time in eight, an undo; then a trip back to
the main menu, by the back button or by the protocol's ``press``. One match in
six has a power cut at a random emulated instant during one of its actions,
and one in eight a power cut during the switch back to the menu; the board
boots again with the flash the cut left and the match is resumed from there.
Starts, resumes and menus all go through a restart (pawtrack.hal.launcher),
so this is hundreds of switches.

What it reports: the ``MemoryError``s and tracebacks the board printed (the
goal: none), the protocol errors it answered with ``internal`` or ``screen``
(none), a resumed match that lost more than the one action a cut may take
(none), and the heap's largest free block after a collection, read by the
bench's probe (host_tools/bench/probe.py) once in every game's boot after
its first actions and once on every menu: its smallest value per game.
"""

import argparse
import json
import random
import sys
import time

from host_tools.bench import probe
from host_tools.bench.device import Build, problems_in, read_heap, say
from host_tools.emu import protocol_events
from pawtrack import games

SEED = 25
MATCHES = 50
STEPS = (2, 16)
UNDO_ONE_IN = 8
CUT_IN_MATCH_ONE_IN = 6
CUT_IN_SWITCH_ONE_IN = 8
ANSWER_LIMIT_MS = 20000
BAD_CODES = ("internal", "screen")
BACK = {"cmd": "press", "button": "back"}
MENU_SCREEN = "HomeScreen"


class Soak:
    """One board, one seeded run of matches, and what went wrong."""

    def __init__(self, pico, pin, seed, progress=None):
        self.pico = pico
        self.progress = progress  # called with a line after every match
        self.pin = pin
        self.rng = random.Random(seed)
        self.ids = 0
        self.saved = {}  # game id -> actions the saved match holds
        self.figures = {
            "matches": 0,
            "starts": 0,
            "resumes": 0,
            "actions": 0,
            "undos": 0,
            "menus": 0,
            "cuts_in_match": 0,
            "cuts_in_switch": 0,
            "lost_actions": [],
            "bad_answers": [],
            "largest_free": {},  # game id (or "menu") -> smallest largest free block, bytes
        }

    # -- talking to the board ------------------------------------------------------------

    def send(self, message):
        """Type a protocol command; the id its answer will carry."""
        self.ids += 1
        ident = "s%d" % self.ids
        self.pico.type(json.dumps(dict(message, id=ident)) + "\n")
        return ident

    def answer(self, ident, since):
        pico = self.pico
        end = pico.emulated_ms() + ANSWER_LIMIT_MS
        while pico.emulated_ms() < end:
            pico.run_for(10)
            for event in protocol_events(pico.serial[since:]):
                if event.get("id") == ident:
                    if event.get("code") in BAD_CODES:
                        self.figures["bad_answers"].append(event)
                    return event
        raise AssertionError("no answer to %s" % ident)

    def ask(self, message):
        since = len(self.pico.serial)
        return self.answer(self.send(message), since)

    def note_heap(self, where):
        reading = read_heap(self.pico, self.pin)
        if reading is None or "max_free" not in reading:
            return
        lowest = self.figures["largest_free"]
        lowest[where] = min(lowest.get(where, reading["max_free"]), reading["max_free"])

    # -- the matches -----------------------------------------------------------------------

    def run(self, matches):
        ids = [entry.ID for entry in games.catalog()]
        self.pico.boot()
        self.note_heap("menu")
        for number in range(matches):
            game = ids[number] if number < len(ids) else self.rng.choice(ids)
            self.one_match(game)
            self.figures["matches"] += 1
            if self.progress is not None:
                self.progress(
                    "soak: match %d of %d (%s), %d switches so far"
                    % (number + 1, matches, game, self.pico.serial_text().count("soft reboot"))
                )
        return self.figures

    def one_match(self, game):
        rng = self.rng
        figures = self.figures
        if game in self.saved and rng.random() < 0.5:
            answer = self.ask({"cmd": "resume", "game": game})
            figures["resumes"] += 1
        else:
            answer = self.ask({"cmd": "new", "game": game, "seed": rng.randrange(1 << 30)})
            figures["starts"] += 1
        if "legal" not in answer:
            figures["bad_answers"].append(answer)
            return
        legal = answer["legal"]
        moves = answer.get("actions", 0)
        cut_at = rng.randrange(STEPS[1]) if rng.randrange(CUT_IN_MATCH_ONE_IN) == 0 else None
        for step in range(rng.randint(*STEPS)):
            if step == cut_at:
                moves = self.cut_during_action(game, legal, moves)
                legal = self.last_legal
                continue
            if rng.randrange(UNDO_ONE_IN) == 0 and moves > 0:
                answer = self.ask({"cmd": "undo"})
                figures["undos"] += 1
            elif legal:
                answer = self.ask({"cmd": "act", "action": rng.choice(legal)})
                figures["actions"] += 1
            else:
                break  # the match is over
            if answer.get("ev") == "done":
                legal = answer["legal"]
                moves = answer.get("actions", moves)
            if step == 0:
                self.note_heap(game)
        self.saved[game] = moves
        self.leave(game)

    def cut_during_action(self, game, legal, moves):
        """An action with a power cut at a random instant of it; then the boot, the
        resume, and the actions it kept (all, or all but that action)."""
        pico = self.pico
        self.figures["cuts_in_match"] += 1
        self.last_legal = legal
        if not legal:
            return moves
        self.send({"cmd": "act", "action": self.rng.choice(legal)})
        pico.power_cut(at_ms=pico.emulated_ms() + self.rng.uniform(0, 60))
        pico.run_for(200)
        pico.boot()
        answer = self.ask({"cmd": "resume", "game": game})
        if answer.get("ev") != "done":
            self.figures["bad_answers"].append(answer)
            return moves
        kept = answer["actions"]
        if kept not in (moves, moves + 1):
            self.figures["lost_actions"].append({"game": game, "had": moves, "kept": kept})
        self.last_legal = answer["legal"]
        return kept

    def leave(self, game):
        """Back to the main menu by the back button or the protocol's ``press`` (sometimes
        with a power cut during the switch); a note over the table takes a second press."""
        pico = self.pico
        figures = self.figures
        figures["menus"] += 1
        by_button = self.rng.random() < 0.5
        if self.rng.randrange(CUT_IN_SWITCH_ONE_IN) == 0:
            figures["cuts_in_switch"] += 1
            if by_button:
                pico.press("back")
            else:
                self.send(BACK)
            pico.power_cut(at_ms=pico.emulated_ms() + self.rng.uniform(0, 400))
            pico.run_for(600)
            pico.boot()
        else:
            for _ in range(3):
                if by_button:
                    pico.press("back")
                    pico.settle()
                    screen = self.ask({"cmd": "state"}).get("screen")
                else:
                    screen = self.ask(BACK).get("screen")
                if screen == MENU_SCREEN:
                    break
        self.note_heap("menu")


def soak(build, pin, record, matches=MATCHES, seed=SEED):
    """The soak on ``build``; its figures, with "memory_errors" and "problems"."""
    started = time.monotonic()
    files = probe.boot_files(pin)
    with build.pico(extra=files, extra_pins=[pin]) as pico:
        figures = Soak(pico, pin, seed, lambda line: say(build, line)).run(matches)
        text = pico.serial_text()
        figures["memory_errors"] = text.count("MemoryError")
        figures["problems"] = problems_in(pico)
        figures["switches"] = text.count("soft reboot")  # MicroPython says so at each
        figures["power_ons"] = len(pico.boots)
        record(pico)
    figures["wall_s"] = time.monotonic() - started
    return figures


def soak_line(figures):
    lowest = figures["largest_free"]
    return (
        "%d matches (%d started, %d resumed), %d actions, %d undos, %d power cuts in a match"
        " and %d in a switch, %d switches; %d MemoryError, %d bad answers, %d matches that lost"
        " an action; smallest largest free block %s (%.0f s)"
        % (
            figures["matches"],
            figures["starts"],
            figures["resumes"],
            figures["actions"],
            figures["undos"],
            figures["cuts_in_match"],
            figures["cuts_in_switch"],
            figures["switches"],
            figures["memory_errors"],
            len(figures["bad_answers"]),
            len(figures["lost_actions"]),
            "%.1f KiB" % (min(lowest.values()) / 1024) if lowest else "never read",
            figures["wall_s"],
        )
    )


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.bench.soak", description=__doc__)
    parser.add_argument("--build", choices=("mpy", "uf2"), default="mpy")
    parser.add_argument("--uf2", help="the pawtrack UF2 (with --build uf2)")
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    build = Build(args.build, args.uf2 if args.build == "uf2" else None)
    pin = probe.spare_pin(build.board)
    figures = soak(build, pin, lambda pico: None, args.matches, args.seed)
    say(build, "soak: " + soak_line(figures))
    print(json.dumps(figures, indent=1, default=str))
    bad = figures["memory_errors"] or figures["bad_answers"] or figures["lost_actions"]
    return 1 if bad or figures["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
