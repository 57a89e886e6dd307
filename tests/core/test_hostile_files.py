"""Files on flash that pass their checksum but hold hostile content are set aside, never a crash.

A correctly framed settings file, saved-game head or saved-games list whose
JSON nests a thousand levels deep must not stop the device at boot: each is
set aside with its one-sentence notice and the device boots to its menu.
"""

import unittest

from recording_hal import make_hal

from pawtrack import games, settings
from pawtrack.files import make_folders, safe_write
from pawtrack.memfiles import MemoryFiles
from pawtrack.ui.app import App

NESTED = b"[" * 1000 + b"]" * 1000


class HostileFilesTest(unittest.TestCase):
    def boot(self, files):
        hal = make_hal()
        hal.files = files
        return App(hal, games.catalog())

    def test_deeply_nested_settings(self):
        files = MemoryFiles()
        safe_write(files, settings.PATH, NESTED)
        app = self.boot(files)
        self.assertEqual(type(app.screen).__name__, "MessageScreen")
        self.assertIn("Settings were unreadable", " ".join(app.screen.lines))
        self.assertTrue(files.exists(settings.PATH + ".bad"))
        self.assertEqual(app.settings.brightness, settings.DEFAULTS["brightness"])

    def test_deeply_nested_saved_game_head(self):
        files = MemoryFiles()
        make_folders(files, "saves/chop")
        safe_write(files, "saves/chop/head", NESTED)
        app = self.boot(files)
        self.assertEqual(" ".join(app.screen.lines), "Saved game damaged; set aside.")
        app.press("ok")
        self.assertEqual(app.screen.entries()[0], "Mmm!")

    def test_deeply_nested_saved_games_list(self):
        files = MemoryFiles()
        make_folders(files, "saves")
        safe_write(files, "saves/order", NESTED)
        app = self.boot(files)
        self.assertEqual(type(app.screen).__name__, "HomeScreen")
        self.assertTrue(files.exists("saves/order.bad"))


if __name__ == "__main__":
    unittest.main()
