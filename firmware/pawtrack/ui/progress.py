"""A progress bar for long work between two passes of the loop (replaying a long match).

``Progress(app, title).update(done, total)`` draws the title and a bar on the
canvas, shows it at most every ``EVERY_MS`` and lets the app do what its loop
would (``app.keep_alive``: the device feeds its watchdog), so a replay of
thousands of actions neither looks frozen nor trips the watchdog.
"""

from pawtrack.ui import widgets

EVERY_MS = 100
BAR_X = 8
BAR_Y = 30
BAR_W = 112
BAR_H = 10


class Progress:
    def __init__(self, app, title):
        self.app = app
        self.title = title
        self.shown_at = None

    def update(self, done, total):
        app = self.app
        app.keep_alive()
        now = app.clock.ticks_ms()
        if self.shown_at is not None and app.clock.ticks_diff(now, self.shown_at) < EVERY_MS:
            return
        self.shown_at = now
        canvas = app.canvas
        canvas.fill(0)
        widgets.title(canvas, self.title)
        canvas.rect(BAR_X, BAR_Y, BAR_W, BAR_H, 1)
        filled = (BAR_W - 4) * done // max(1, total)
        canvas.fill_rect(BAR_X + 2, BAR_Y + 2, filled, BAR_H - 4, 1)
        widgets.centered(canvas, "%d of %d moves" % (done, total), BAR_Y + BAR_H + 4)
        canvas.show()
        app.dirty = True  # the screen underneath is drawn again afterwards
