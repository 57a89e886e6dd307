"""Settings > Button test on the real App, by pin levels and virtual time (both interpreters).

Every screen must be leavable with the buttons the board has: the button test
reports every press, so it is left by holding OK for two seconds, on a board
with a back button and on one without (where holding left is back).
"""

import unittest

from app_kit import hold, home_app, presses, run_for

from pawtrack.ui.button_test import EXIT_HOLD_MS, ButtonTestScreen
from pawtrack.ui.lights import OFF

THREE = ("left", "ok", "right")


def pixel(picture, x, y):
    return (picture[(y >> 3) * 128 + x] >> (y & 7)) & 1


def open_button_test(app):
    presses(app, "left ok right right")  # Settings, down to "Button test"
    assert app.screen.text_lines()[2] == "> Button test", app.screen.text_lines()
    presses(app, "ok")
    assert isinstance(app.screen, ButtonTestScreen)
    return app.screen


class ButtonTestTest(unittest.TestCase):
    def test_each_button_is_reported_and_none_leaves(self):
        app = home_app()
        screen = open_button_test(app)
        self.assertEqual(screen.text_lines(), ["held: -", "Hold OK 2s to leave"])
        presses(app, "left right back ok")
        hold(app, "back", 700)
        self.assertIs(app.screen, screen)
        self.assertEqual(screen.text_lines(),
                         ["held: -", "ok short", "back long", "In a game: undo",
                          "Hold OK 2s to leave"])

    def test_it_says_what_each_press_does_at_a_games_table(self):
        app = home_app()
        screen = open_button_test(app)
        said = []
        for word in ("left", "right", "ok", "back"):
            presses(app, word)
            said.append(screen.text_lines()[-2])
        hold(app, "back", 700)
        said.append(screen.text_lines()[-2])
        self.assertEqual(said, ["In a game: previous", "In a game: next", "In a game: do it",
                                "In a game: to menu", "In a game: undo"])

    def test_a_held_button_is_shown_and_lit(self):
        app = home_app()
        screen = open_button_test(app)
        inside_right_box = (90, 24)  # right is the third of four 32-pixel boxes
        self.assertEqual(pixel(app.render(), *inside_right_box), 0)
        app.hal.buttons.levels[2] = True  # right, held down
        run_for(app, 50)
        self.assertEqual(screen.text_lines()[0], "held: right")
        self.assertEqual(pixel(app.render(), *inside_right_box), 1)
        # its LED on the track is green: 255 scaled by the test board's cap (200)
        # times the default brightness (3 of 5: 153 of 255) is 120
        self.assertEqual(app.hal.leds.writes[-1][2], (0, 120, 0))
        app.hal.buttons.levels[2] = False
        run_for(app, 50)
        self.assertEqual(screen.text_lines()[:2], ["held: -", "right short"])
        self.assertEqual(pixel(app.render(), *inside_right_box), 0)
        self.assertEqual(app.hal.leds.writes[-1], [OFF] * 12)

    def test_holding_ok_two_seconds_leaves_and_shows_the_way_out(self):
        app = home_app()
        screen = open_button_test(app)
        hold(app, "ok", EXIT_HOLD_MS - 50)
        self.assertIs(app.screen, screen)  # let go too soon: still here
        buttons = app.hal.buttons
        buttons.levels[1] = True
        app.step()
        run_for(app, EXIT_HOLD_MS // 2)
        self.assertIs(app.screen, screen)
        self.assertEqual(screen.text_lines()[-1], "Keep holding 5/10")
        run_for(app, EXIT_HOLD_MS // 2)
        self.assertEqual(type(app.screen).__name__, "SettingsScreen")
        self.assertEqual(app.screen.text_lines()[2], "> Button test")
        buttons.levels[1] = False
        run_for(app, 200)
        self.assertEqual(type(app.screen).__name__, "SettingsScreen")  # the release did nothing

    def test_three_buttons_holding_left_is_back_and_ok_still_leaves(self):
        app = home_app(buttons=THREE)
        screen = open_button_test(app)
        self.assertEqual(screen.text_lines(), ["held: -", "Hold OK 2s to leave"])
        hold(app, "left", 800)  # back on this board
        hold(app, "left", 2000)  # undo on this board
        self.assertIs(app.screen, screen)
        self.assertEqual(screen.text_lines()[1:3], ["back short", "back long"])
        hold(app, "ok", EXIT_HOLD_MS)
        self.assertEqual(type(app.screen).__name__, "SettingsScreen")

    def test_three_buttons_draw_three_boxes(self):
        boxes = []
        for buttons in (("left", "ok", "right", "back"), THREE):
            app = home_app(buttons=buttons)
            open_button_test(app)
            picture = app.render()
            lit = [pixel(picture, x, 13) for x in range(128)]  # the boxes' top edges
            boxes.append(sum(1 for x in range(128) if lit[x] and (x == 0 or not lit[x - 1])))
        self.assertEqual(boxes, [4, 3])


if __name__ == "__main__":
    unittest.main()
