"""An undo on any game's table says so in a note that costs no press (both interpreters)."""

import unittest

from app_kit import game_app, hold, run_for

from pawtrack.ui.message import NOTE_MS, NoteScreen


class UndoNote(unittest.TestCase):
    def test_an_undo_shows_a_note_that_goes_by_itself(self):
        app = game_app("chop", {})
        hold(app, "ok")  # roll the die
        moves = app.session.match.moves
        hold(app, "back", 700)  # long back: undo
        self.assertEqual(app.session.match.moves, moves - 1)
        self.assertTrue(isinstance(app.screen, NoteScreen))
        self.assertIn("note: Undone. Hold BACK: undo more. BACK: menu", app.screen.text_lines())
        run_for(app, NOTE_MS + 50)
        self.assertTrue(app.screen is app.table)

    def test_the_next_press_goes_through_the_note_to_the_table(self):
        app = game_app("chop", {})
        hold(app, "ok")
        moves = app.session.match.moves
        hold(app, "back", 700)
        hold(app, "ok")  # rolls again at once
        self.assertTrue(app.screen is app.table)
        self.assertEqual(app.session.match.moves, moves)


if __name__ == "__main__":
    unittest.main()
