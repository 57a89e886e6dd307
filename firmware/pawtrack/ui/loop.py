"""The app's loop: each pass reads the buttons, lets the screen animate and redraws
what changed; work that the answer does not need waits for a still screen.

``Loop`` is one part of ``pawtrack.ui.app.App``. ``step()`` is one pass;
``run()`` passes forever (the device). ``when_still(job)`` keeps flash work
(an erase takes 45 ms on the Pico) out of the press that asked for it.
"""

from pawtrack import const
from pawtrack.ui.widgets import SCREEN_W, centered

LOOP_SLEEP_MS = const(5)
# Once the screen has been still this long after its update was complete, the work
# put off for stillness (App.when_still) runs, one job per loop pass so that a press
# waits for one job at most, and then the device's own idle work (Hal.idle) runs once
# per change, while nobody waits instead of in the middle of the next press. Shorter
# than a person takes between an answer appearing and the next press. While an
# animation runs (the screen's tick asked
# for a frame in the last ANIMATION_GAP_MS, more than the 60 ms between a dice roll's
# frames) nothing runs between its frames.
STILL_MS = const(20)
ANIMATION_GAP_MS = const(80)
# A job never waits longer than this, still screen or not: a host sending commands back
# to back keeps the screen changing, and the job (a finished game in Mmm!'s history, an
# old match's logs removed) must not wait for ever. It then runs in a pass that drew
# nothing, between two commands.
JOB_LIMIT_MS = const(1000)


HOLD_HINT_Y = const(54)  # the row of choices at the bottom of a game's table
HOLD_HINT_H = const(10)
# In the bottom row while a device restarts into the main menu's boot (about 0.7 s
# with the .mpy files, 4 s on CircuitPython): the press was taken.
LEAVING_NOTE = "To the menu..."


def hold_hint(canvas, text):
    """What holding back does, in an inverted bottom row over the screen's own."""
    canvas.fill_rect(0, HOLD_HINT_Y - 1, SCREEN_W, HOLD_HINT_H, 1)
    centered(canvas, text, HOLD_HINT_Y, color=0)


def is_steps(job_result):
    """Whether a job returned a generator (its pieces, one per pass) rather than its result."""
    return hasattr(job_result, "send")


def next_step(steps):
    """Run a job's next piece: False while pieces are left, True once it is done."""
    try:
        next(steps)
    except StopIteration:
        return True
    return False


class Loop:
    def render(self):
        canvas = self.canvas
        canvas.fill(0)
        canvas.pressable.clear()
        screen = self.screen
        if self.guard(screen.draw, canvas) is True and screen is not self.screen:
            canvas.fill(0)
            canvas.pressable.clear()
            self.screen.draw(canvas)
        if self.back_held_shown:
            hold_hint(canvas, self.screen.HOLD_BACK)
        canvas.show()
        if self.hal.leds is not None:  # None until the device has set its strip up
            lights = self.lights if self.lights is not None else self.make_lights()
            lights.clear()
            self.guard(self.screen.lights, lights)
            lights.flush(self.hal.leds)
        self.frames += 1
        self.dirty = False
        self.idle_due = True

    def step(self, now=None):
        """One pass of the loop; returns True if the screen was redrawn."""
        # A caller's own now (the tests, the simulator's virtual time) stands for the whole
        # pass; the device's clock is read again once an update is complete.
        clock_time = now is None
        if clock_time:
            now = self.clock.ticks_ms()
        self.poll_buttons(now)
        self.show_back_held()
        if self.guard(self.screen.tick, now):
            self.dirty = True
            self.moved_at = now
        if self.dirty:
            self.render()
            self.drawn_at = self.clock.ticks_ms() if clock_time else now
            return True
        diff = self.clock.ticks_diff
        if self.still_jobs and diff(now, self.jobs_since) >= JOB_LIMIT_MS:
            self.run_still_job(now)
        elif (
            (self.idle_due or self.still_jobs)
            and not self.input.any_held()
            and diff(now, self.drawn_at) >= STILL_MS
            and (self.moved_at is None or diff(now, self.moved_at) >= ANIMATION_GAP_MS)
        ):
            if self.still_jobs:
                self.run_still_job(now)
            else:
                self.idle_due = False
                self.idle_now()
        return False

    def show_back_held(self):
        """While back is held on a screen where holding it does something more (a
        game's table: undo), its bottom row says so (``Screen.HOLD_BACK``); a short
        press still goes back. Not on three buttons, where back is a held left."""
        shown = (
            self.has_back
            and self.screen.HOLD_BACK is not None
            and self.input.held("back")
        )
        if shown != self.back_held_shown:
            self.back_held_shown = shown
            self.dirty = True

    def run_still_job(self, now):
        self.jobs_since = now  # the next job's wait starts now
        jobs = self.still_jobs
        steps = self.guard(jobs[0]) if callable(jobs[0]) else jobs[0]
        if is_steps(steps) and self.guard(next_step, steps) is False:
            jobs[0] = steps  # more to do, in a later pass
        else:
            jobs.pop(0)

    def when_still(self, job):
        """Run ``job()`` once the screen has been still for a moment and no button is
        down, not in this press (and within JOB_LIMIT_MS whatever happens).

        For flash work that the answer on the screen does not depend on (an
        erase takes 45 ms on the Pico): remembering the options, making a
        folder before it is needed. A job that is a generator function runs
        to its next ``yield`` in each pass: a press that comes meanwhile waits
        for one piece, not for the whole job. A job that raises is shown like
        a screen's error. A switch to another boot runs the jobs left first,
        whole; a power cut before a job ran: it did not happen, so it must be
        work whose loss only costs a convenience, never a move."""
        if not self.still_jobs:
            self.jobs_since = self.clock.ticks_ms()
        self.still_jobs.append(job)

    def finish_still_work(self):
        """The jobs waiting for stillness, then the device's idle work (Hal.idle)."""
        jobs, self.still_jobs = self.still_jobs, []
        for job in jobs:
            steps = self.guard(job) if callable(job) else job
            while is_steps(steps) and self.guard(next_step, steps) is False:
                pass
        self.idle_due = False
        self.idle_now()

    def show_switching(self, record):
        """On a device, just before it restarts into the boot ``record`` opens: the
        bottom row says where it goes, so the press that asked is answered at once.
        Only for the menu: a Start or Resume press is answered by its own screen."""
        if record.get("open") != "menu":
            return
        try:
            hold_hint(self.canvas, LEAVING_NOTE)
            self.canvas.show_area(0, HOLD_HINT_Y - 1, SCREEN_W, HOLD_HINT_H)
        except Exception:  # noqa: BLE001 - whatever the note meets, the switch matters more
            pass

    def idle_now(self):
        idle = getattr(self.hal, "idle", None)
        if idle is not None:
            idle()

    def keep_alive(self):
        """During long work between loop passes: what the loop would do (feed the watchdog)."""
        hook = getattr(self.hal, "keep_alive", None)
        if hook is not None:
            hook()

    def run(self, on_loop=None):
        """Forever: the device's main loop. on_loop runs every pass (serial, watchdog).

        Between passes it rests; buttons that can wake it (``sleep_ms`` on the
        Hal's buttons: the Pico's wake at a pin's edge) end the rest early."""
        rest = getattr(self.hal.buttons, "sleep_ms", None) or self.clock.sleep_ms
        while True:
            self.step()
            if on_loop is not None:
                on_loop()
            rest(LOOP_SLEEP_MS)
