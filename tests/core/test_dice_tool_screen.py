"""The "Dice & bag" tool on the real App (recording HAL): rolls, animation, history, bags, LEDs.

Runs on both interpreters. Presses go to ``App.press`` as the button input
would send them, and time moves only when the test says so.
"""

import unittest

from recording_hal import make_hal
from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack import dice, games
from pawtrack.buttons import LONG, SHORT
from pawtrack.dicetool import HISTORY
from pawtrack.ui.app import App
from pawtrack.ui.bag_screen import BagScreen, LeftScreen
from pawtrack.ui.dice_roll_screen import ROLL_MS, RollScreen, face_color
from pawtrack.ui.dice_tool_screen import DiceToolScreen, HistoryScreen
from pawtrack.ui.lights import OFF


def bag_counts(tokens):
    counts = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return counts


class DiceToolScreenTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("dicetool")
        self.hal = make_hal(self.folder)
        self.app = App(self.hal, games.catalog())
        self.app.step()

    def tearDown(self):
        remove_scratch_dir(self.folder)

    # -- driving -------------------------------------------------------------

    def press(self, name, kind=SHORT):
        self.app.press(name, kind)
        self.app.step(self.hal.clock.now)

    def wait(self, ms):
        """Let time pass in 10 ms loop passes; returns how many frames were drawn."""
        before = self.app.frames
        end = self.hal.clock.now + ms
        while self.hal.clock.now < end:
            self.hal.clock.now += 10
            self.app.step(self.hal.clock.now)
        return self.app.frames - before

    def open_tool(self):
        home = self.app.screen
        index = home.entries().index("Dice & bag")
        while home.selected != index:
            self.press("right")
        self.press("ok")
        self.assertTrue(isinstance(self.app.screen, DiceToolScreen))
        return self.app.screen

    def open_item(self, kind, target):
        tool = self.app.screen
        index = tool.items.index((kind, target))
        while tool.selected != index:
            self.press("right")
        self.press("ok")
        return self.app.screen

    def strip(self):
        return self.hal.leds.writes[-1]

    # -- the menu ------------------------------------------------------------

    def test_main_menu_lists_the_tool_after_the_games_before_settings(self):
        labels = self.app.screen.entries()
        self.assertEqual(labels[-2:], ["Dice & bag", "Settings"])
        self.assertIn("Cat & Mouse", labels[:-2])

    def test_tool_seeds_its_rng_from_the_hal_and_survives_the_main_menu(self):
        self.hal.new_seed = lambda: 4242
        tool = self.open_tool()
        self.assertEqual(tool.tool.rng.seed, 4242)
        self.open_item("die", "d6")
        self.press("ok")
        self.press("back")  # ends the roll animation
        self.press("back")  # roll page -> tool menu
        self.press("back")  # tool menu -> main menu
        self.assertEqual(len(self.app.screens), 1)
        again = self.open_tool()
        self.assertTrue(again is tool)
        self.assertEqual(len(again.tool.history), 1)

    # -- rolling -------------------------------------------------------------

    def test_every_die_rolls_in_range_with_one_led_per_die(self):
        tool = self.open_tool()
        for die_id, _label, faces in dice.DICE:
            roll = self.open_item("die", die_id)
            self.assertTrue(isinstance(roll, RollScreen))
            for count in (1, 4, 13):
                while roll.count != count:
                    self.press("right")
                self.press("ok")
                self.wait(ROLL_MS)
                entry = tool.tool.history[0]
                self.assertEqual(entry["die"], die_id)
                self.assertEqual(len(entry["faces"]), count)
                for face in entry["faces"]:
                    self.assertIn(face, faces)
                colors = self.app.lights.colors
                for index in range(12):
                    if index < count:
                        self.assertEqual(colors[index], face_color(entry["faces"][index]))
                        self.assertNotEqual(colors[index], OFF)
                    else:
                        self.assertEqual(colors[index], OFF)
                self.assertNotEqual(self.strip()[0], (0, 0, 0))
                self.assertTrue(any(self.app.canvas.buffer))
                self.assertEqual(roll.text_lines()[0], "%s x%d" % (_label, count))
            self.press("back")
        self.assertTrue(isinstance(self.app.screen, DiceToolScreen))

    def test_count_wraps_between_one_and_fifteen(self):
        self.open_tool()
        roll = self.open_item("die", "d6")
        self.assertEqual(roll.count, 1)
        self.press("left")
        self.assertEqual(roll.count, 15)
        self.press("right")
        self.press("right", LONG)
        self.assertEqual(roll.count, 2)

    def test_the_tumble_is_tick_driven_and_any_press_skips_it(self):
        tool = self.open_tool()
        roll = self.open_item("die", "mmm")
        self.press("ok")
        self.assertTrue(roll.rolling)
        frames = self.wait(ROLL_MS // 2)
        self.assertTrue(frames >= 3, frames)
        self.assertTrue(roll.rolling)
        self.press("left")  # skips; the count stays
        self.assertFalse(roll.rolling)
        self.assertEqual(roll.count, 3)
        self.assertEqual(roll.shown(), tool.tool.history[0]["faces"])
        self.press("ok")
        self.wait(ROLL_MS + 20)
        self.assertFalse(roll.rolling)
        self.assertEqual(self.wait(200), 0)  # still: nothing to redraw
        self.assertEqual(len(tool.tool.history), 2)

    def test_history_grows_keeps_the_last_rolls_and_steps_back(self):
        tool = self.open_tool()
        self.open_item("die", "chop_cat")
        for rolls in range(1, HISTORY + 3):
            self.press("ok")
            self.wait(ROLL_MS)
            self.assertEqual(len(tool.tool.history), min(rolls, HISTORY))
        self.press("ok", LONG)
        history = self.app.screen
        self.assertTrue(isinstance(history, HistoryScreen))
        self.assertEqual(history.text_lines()[0], "1/%d" % HISTORY)
        newest = tool.tool.history[0]["faces"][0]
        self.assertEqual(history.text_lines()[1], "Cat die x1: %d" % newest)
        self.press("left")
        self.assertEqual(history.text_lines()[0], "2/%d" % HISTORY)
        self.press("right")
        self.press("right")
        self.assertEqual(history.text_lines()[0], "%d/%d" % (HISTORY, HISTORY))
        self.press("ok")
        self.assertTrue(isinstance(self.app.screen, RollScreen))

    def test_history_row_of_the_menu_with_nothing_yet(self):
        self.open_tool()
        history = self.open_item("history", None)
        self.assertTrue(isinstance(history, HistoryScreen))
        self.assertEqual(history.text_lines(), ["Nothing yet"])
        self.press("back")
        self.assertTrue(isinstance(self.app.screen, DiceToolScreen))

    # -- bags ----------------------------------------------------------------

    def draw_and_check(self, tool, bag_id, draws):
        """Draw through the screen; each cycle never takes more than the bag holds."""
        bag = tool.tool.bags[bag_id]
        full = bag_counts(bag.tokens)
        keep = tool.tool.keep[bag_id]
        taken = {}
        cycles = 0
        for _ in range(draws):
            left_before = len(bag)
            self.press("ok")
            entry = tool.tool.history[0]
            self.assertEqual(entry["kind"], "draw")
            if entry["shuffled"]:
                self.assertEqual(left_before, keep)
                cycles += 1
                taken = {}
            else:
                self.assertEqual(len(bag), left_before - 1)
            token = entry["token"]
            taken[token] = taken.get(token, 0) + 1
            self.assertTrue(taken[token] <= full[token], (bag_id, token, taken))
            self.assertEqual(entry["left"], len(bag))
            self.assertEqual(sorted(bag.left + bag.drawn), sorted(bag.tokens))
        return cycles

    def test_bag_draws_never_exceed_the_contents(self):
        tool = self.open_tool()
        for bag_id in ("holders", "tiles", "numbers"):
            screen = self.open_item("bag", bag_id)
            self.assertTrue(isinstance(screen, BagScreen))
            size = len(tool.tool.bags[bag_id].tokens)
            cycles = self.draw_and_check(tool, bag_id, 2 * size + 3)
            self.assertTrue(cycles >= 2, (bag_id, cycles))
            self.assertIn("drew ", screen.text_lines()[1])
            self.press("back")

    def test_holders_gather_after_five_draws_and_the_leds_gauge_whats_left(self):
        tool = self.open_tool()
        self.open_item("bag", "holders")
        self.assertEqual(self.app.lights.colors.count(OFF), 0)  # a full bag: the whole strip
        for _ in range(5):
            self.press("ok")
        self.assertEqual(len(tool.tool.bags["holders"]), 1)
        self.assertEqual(self.app.lights.colors.count(OFF), 10)  # 1 of 6 left: 2 of 12 LEDs
        self.press("ok")
        self.assertTrue(tool.tool.history[0]["shuffled"])
        self.assertEqual(len(tool.tool.bags["holders"]), 5)

    def test_whats_left_and_refill(self):
        tool = self.open_tool()
        screen = self.open_item("bag", "tiles")
        for _ in range(3):
            self.press("ok")
        self.press("right")
        self.assertEqual(screen.text_lines()[-1], "> What's left")
        self.press("ok")
        left = self.app.screen
        self.assertTrue(isinstance(left, LeftScreen))
        shown = 0
        for line in left.text_lines():
            for cell in line.split():
                if cell[0] == "x":
                    shown += int(cell[1:])
        self.assertEqual(shown, len(tool.tool.bags["tiles"]))
        self.assertEqual(shown, 35)
        self.press("back")
        self.press("ok", LONG)  # long ok: the same page
        self.assertTrue(isinstance(self.app.screen, LeftScreen))
        self.press("ok")
        self.press("right")
        self.assertEqual(screen.text_lines()[-1], "> Refill")
        self.press("ok")
        self.assertEqual(len(tool.tool.bags["tiles"]), 38)
        self.assertEqual(screen.text_lines()[-1], "> Draw")

    def test_numbered_bag_size_and_numbers_left(self):
        tool = self.open_tool()
        screen = self.open_item("bag", "numbers")
        self.press("left")
        self.assertEqual(screen.text_lines()[-1], "> Make it 1-12")
        self.press("ok")
        self.assertEqual(len(tool.tool.bags["numbers"]), 12)
        self.assertEqual(screen.text_lines()[0], "Numbers 1-12 12/12")
        self.press("ok")
        drawn = tool.tool.history[0]["token"]
        self.assertTrue(1 <= drawn <= 12)
        self.press("ok", LONG)
        numbers = " ".join(self.app.screen.text_lines()).split()
        self.assertEqual(len(numbers), 11)
        self.assertNotIn(str(drawn), numbers)


if __name__ == "__main__":
    unittest.main()
