"""The main menu's Resume rows fit the screen and their summary gets the whole title bar
(both interpreters)."""

import unittest

from app_kit import game_app

from pawtrack import games
from pawtrack.ui import home


class ResumeRows(unittest.TestCase):
    def test_every_games_resume_row_fits_its_row(self):
        for entry in games.catalog():
            self.assertTrue(len(home.resume_label(entry.NAME)) <= home.ROW_CHARS, entry.NAME)
        self.assertEqual(home.resume_label("Mice & Mystics"), "Resume Mystics")
        self.assertEqual(home.resume_label("Cat & Mouse"), "Resume Cat & Mouse")
        self.assertEqual(home.resume_label("Om Nom Nom"), "Resume Om Nom Nom")

    def test_the_summary_is_not_cut_at_twelve_characters(self):
        app = game_app("mice_mystics", {}, seed=11)
        for action in ("endpage 6", "hero collin", "hero nez", "minion rats", "deal"):
            app.session.act(action)
        app.press("back", "short")
        app.step()
        menu = app.screen
        self.assertEqual(menu.entries()[0], "Resume Mystics")
        menu.saved = [(menu.saved[0][0], "round 12, page 5 of 9")]
        menu.selected = 0
        self.assertEqual((menu.title, menu.title_right()), ("", "round 12, page 5 of 9"))
        menu.selected = 1
        self.assertEqual(menu.title, "pawtrack")


if __name__ == "__main__":
    unittest.main()
