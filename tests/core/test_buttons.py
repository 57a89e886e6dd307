"""Debouncing and press timing on synthetic pin timelines."""

import unittest

from pawtrack.buttons import LONG, REPEAT, SHORT, ButtonInput


def run(timeline, end_ms, step_ms=1, names=("ok",)):
    """Sample a piecewise-constant timeline [(t_ms, level), ...] every step_ms."""
    buttons = ButtonInput(names)
    events = []
    level = False
    index = 0
    t = 0
    while t <= end_ms:
        while index < len(timeline) and timeline[index][0] <= t:
            level = timeline[index][1]
            index += 1
        for event in buttons.update(t, (level,)):
            events.append((t, event))
        t += step_ms
    return events


def kinds(events):
    return [event[1][1] for event in events]


class ButtonTimingTest(unittest.TestCase):
    def test_clean_short_press(self):
        events = run([(10, True), (120, False)], 400)
        self.assertEqual(kinds(events), [SHORT])
        self.assertEqual(events[0][0], 120)  # answered on the release edge itself

    def test_bounce_of_5ms_is_one_press(self):
        # contact chatter for 5 ms on press and on release
        timeline = [(10, True), (11, False), (12, True), (13, False), (15, True)]
        timeline += [(150, False), (151, True), (153, False), (154, True), (155, False)]
        events = run(timeline, 600)
        self.assertEqual(kinds(events), [SHORT])

    def test_600ms_hold_is_a_long_press_and_no_short(self):
        events = run([(0, True), (600, False)], 900)
        self.assertEqual(kinds(events), [LONG])
        self.assertEqual(events[0][0], 500)  # sent while still held

    def test_holding_repeats(self):
        events = run([(0, True), (1000, False)], 1200)
        self.assertEqual(kinds(events), [LONG, REPEAT, REPEAT, REPEAT])

    def test_two_quick_presses_are_two(self):
        events = run([(0, True), (80, False), (160, True), (240, False)], 500)
        self.assertEqual(kinds(events), [SHORT, SHORT])

    def test_press_between_coarse_samples_is_not_lost(self):
        # sampled only every 20 ms; a 60 ms tap is still seen
        events = run([(5, True), (65, False)], 300, step_ms=20)
        self.assertEqual(kinds(events), [SHORT])

    def test_simultaneous_buttons_are_independent(self):
        buttons = ButtonInput(("left", "ok"))
        seen = []
        for t in range(0, 800):
            levels = (10 <= t < 100, 10 <= t < 700)
            seen += buttons.update(t, levels)
        self.assertEqual(seen[0], ("left", SHORT))
        self.assertEqual(seen[1], ("ok", LONG))

    def test_tick_wraparound_uses_diff(self):
        period = 1 << 30

        def wrap_diff(new, old):
            return ((new - old + period // 2) % period) - period // 2

        buttons = ButtonInput(("ok",), diff=wrap_diff)
        start = period - 200
        events = []
        for step in range(0, 800):
            now = (start + step) % period
            events += buttons.update(now, (step < 700,))
        self.assertEqual([e[1] for e in events], [LONG, REPEAT])


class PressSeenLateTest(unittest.TestCase):
    """The loop was busy when the button went down; the pins' interrupt noted when."""

    def test_a_hold_seen_late_is_timed_from_when_it_began(self):
        # back went down at 100 during a 400 ms job; the loop first reads it at 400,
        # still held, and the player lets go at 700: a 600 ms hold, a long press
        buttons = ButtonInput(("back",))
        events = list(buttons.update(400, (True,), [100]))
        for t in range(405, 701, 5):
            events += buttons.update(t, (t < 700,), [None])
        self.assertEqual(events, [("back", LONG)])

    def test_without_the_time_the_same_hold_would_be_a_short_press(self):
        buttons = ButtonInput(("back",))
        events = list(buttons.update(400, (True,)))
        for t in range(405, 701, 5):
            events += buttons.update(t, (t < 700,))
        self.assertEqual(events, [("back", SHORT)])

    def test_a_tap_during_a_long_job_is_still_a_short_press(self):
        buttons = ButtonInput(("ok",))
        events = list(buttons.update(900, (True,), [100]))  # latched: down at 100, up since
        events += buttons.update(905, (False,), [None])
        self.assertEqual(events, [("ok", SHORT)])

    def test_a_time_from_the_future_or_before_the_last_change_is_not_trusted(self):
        buttons = ButtonInput(("ok",))
        list(buttons.update(0, (True,)))
        list(buttons.update(100, (False,)))  # released at 100
        buttons.update(200, (True,), [50])  # before the release: not this press
        self.assertEqual(buttons.changed_at[0], 200)
        list(buttons.update(300, (False,)))
        buttons.update(400, (True,), [450])  # not yet
        self.assertEqual(buttons.changed_at[0], 400)
