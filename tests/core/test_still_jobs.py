"""Work kept for a still screen (App.when_still) runs within a bounded time, even when a
host sends protocol commands back to back and the screen never stays still (issue 27 D:
Mmm!'s results history and an old match's logs were never written or removed).
Both interpreters."""

import json
import unittest

from recording_hal import make_hal

from pawtrack import games
from pawtrack.protocol import Protocol
from pawtrack.rng import Rng
from pawtrack.ui.app import App
from pawtrack.ui.loop import JOB_LIMIT_MS, LOOP_SLEEP_MS

PASSES = 1500


class TimedJobs:
    """App.when_still, noting when each job was asked for and when it ran."""

    def __init__(self, app):
        self.app = app
        self.asked = []  # [asked at, ran at or None]
        self.real = app.when_still
        app.when_still = self.when_still

    def when_still(self, job):
        entry = [self.app.clock.ticks_ms(), None]
        self.asked.append(entry)

        def timed():
            entry[1] = self.app.clock.ticks_ms()
            job()

        self.real(timed)

    def longest_wait(self):
        now = self.app.clock.ticks_ms()
        return max((ran if ran is not None else now) - asked for asked, ran in self.asked)


def back_to_back(seed):
    """An app at the main menu and a host that sends one command every loop pass, chosen
    by a seeded generator: mostly Mmm! actions (new matches when one ends), and state,
    presses and undos. Returns (app, jobs, answers)."""
    rng = Rng(seed)
    app = App(make_hal(), games.catalog())
    out = []
    protocol = Protocol(app, out.append)
    jobs = TimedJobs(app)
    legal = []
    for number in range(PASSES):
        app.clock.sleep_ms(LOOP_SLEEP_MS)
        app.step()
        roll = rng.below(100)
        if not legal:
            command = {"cmd": "new", "game": "mmm", "seed": rng.below(1000)}
        elif roll < 70:
            command = {"cmd": "act", "action": legal[rng.below(len(legal))]}
        elif roll < 80:
            command = {"cmd": "state"}
        elif roll < 95:
            command = {"cmd": "press", "button": ("left", "right")[rng.below(2)]}
        else:
            command = {"cmd": "undo"}
        command["id"] = number
        protocol.feed((json.dumps(command) + "\n").encode())
        answer = json.loads(out[-1])
        if answer.get("ev") in ("started", "done"):
            legal = [] if answer.get("over") else answer["legal"]
    for _ in range(JOB_LIMIT_MS // LOOP_SLEEP_MS + 2):  # then the host stops for a second
        app.clock.sleep_ms(LOOP_SLEEP_MS)
        app.step()
    return app, jobs, out


class StillJobsTest(unittest.TestCase):
    def test_jobs_run_within_the_limit_while_a_host_sends_commands_back_to_back(self):
        for seed in (1, 2, 3):
            app, jobs, out = back_to_back(seed)
            self.assertTrue(len(jobs.asked) > 3, seed)
            self.assertTrue(all(ran is not None for _, ran in jobs.asked), seed)
            # One job per pass that draws nothing; a pass that answers a command draws.
            self.assertTrue(jobs.longest_wait() <= JOB_LIMIT_MS + 4 * LOOP_SLEEP_MS, seed)

    def test_finished_mmm_games_reach_the_history_file(self):
        app, jobs, out = back_to_back(4)
        ends = [json.loads(line) for line in out if '"ev": "end"' in line]
        self.assertTrue(ends)
        from pawtrack.games.mmm import history

        stored, _ = history.load(app.files)
        self.assertTrue(stored.games() > 0)


if __name__ == "__main__":
    unittest.main()
