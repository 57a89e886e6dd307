"""Files on flash that pass their checksum but hold hostile content are set aside, never a crash.

A correctly framed settings file, saved-game head, saved-games list or own
Mmm! layouts file whose JSON nests a thousand levels deep must not stop the
device at boot: each is set aside with its one-sentence notice and the device
boots to its menu; the next boot says nothing. A file where the folder of the
saved games (or of one game's) should be is set aside too, and matches are
saved again. A seeded generator writes such files in every place at once.
Runs on both interpreters.
"""

import json
import unittest

from recording_hal import make_hal

from pawtrack import games, settings
from pawtrack.files import make_folders, safe_write, write_new
from pawtrack.games.mmm import layouts, own_layouts
from pawtrack.memfiles import MemoryFiles
from pawtrack.protocol import Protocol
from pawtrack.rng import Rng
from pawtrack.saves import IN_THE_WAY
from pawtrack.ui.app import App

NESTED = b"[" * 1000 + b"]" * 1000
SEED = 20261127
OTHER_VERSION = "Settings from another version; defaults used."


class HostileFilesTest(unittest.TestCase):
    def tearDown(self):
        for side in (1, 2):
            layouts.uninstall(side)

    def boot(self, files):
        hal = make_hal()
        hal.files = files
        return App(hal, games.catalog())

    def note(self, app):
        """The note the app shows at boot, or None when it went straight to its menu."""
        if type(app.screen).__name__ != "MessageScreen":
            return None
        return " ".join(app.screen.lines)

    def protocol_new(self, app, game_id):
        out = []
        Protocol(app, out.append).feed(
            (json.dumps({"cmd": "new", "game": game_id, "seed": 1}) + "\n").encode()
        )
        return json.loads(out[-1])

    def test_deeply_nested_own_layouts_are_set_aside_once(self):
        files = MemoryFiles()
        safe_write(files, own_layouts.PATH, NESTED)
        app = self.boot(files)
        self.assertEqual(self.note(app), own_layouts.DAMAGED)
        self.assertTrue(files.exists(own_layouts.PATH + ".bad"))
        self.assertFalse(files.exists(own_layouts.PATH))
        self.assertIsNone(self.note(self.boot(files)))  # once: the next boot says nothing

    def test_a_file_where_the_saves_folder_goes_is_set_aside(self):
        files = MemoryFiles()
        write_new(files, "saves", b"not a folder")
        app = self.boot(files)
        self.assertEqual(self.note(app), IN_THE_WAY)
        self.assertTrue(files.exists("saves.bad"))
        self.assertEqual(self.protocol_new(app, "chop")["ev"], "started")
        self.assertTrue(files.is_dir("saves/chop"))

    def test_a_file_where_a_game_folder_goes_is_set_aside(self):
        files = MemoryFiles()
        make_folders(files, "saves")
        write_new(files, "saves/chop", b"not a folder")
        app = self.boot(files)
        self.assertEqual(self.note(app), IN_THE_WAY)
        self.assertEqual(self.protocol_new(app, "chop")["ev"], "started")
        self.assertIsNone(self.note(self.boot(files)))

    def test_a_new_match_sets_a_file_in_the_way_aside_itself(self):
        files = MemoryFiles()
        app = self.boot(files)  # the file appears after boot (mpremote, say)
        write_new(files, "saves", b"x")
        self.assertEqual(self.protocol_new(app, "mmm")["ev"], "started")
        write_new(files, "saves/chop", b"x")
        self.assertEqual(self.protocol_new(app, "chop")["ev"], "started")
        self.assertTrue(files.exists("saves/chop.bad"))

    def test_hostile_files_everywhere_boot_to_the_menu(self):
        rng = Rng(SEED)
        contents = (
            NESTED,
            b"{" + b'"a":{' * 600 + b"}" * 601,
            b'{"1": ' + b"[" * 900 + b"]" * 900 + b"}",
            b"\xff\xfe\x00",
            b'{"game": "chop", "seed": 1.5, "gen": 0, "options": {}}',
            b'{"game": "chop", "seed": 1, "gen": 0, "options": {"players": 2.0}}',
            b"[1, 2, 3]",
            b'{"1": {"side": 1, "items": {"Br1": 2.5}}}',
        )
        places = (settings.PATH, "saves/order", "saves/chop/head", own_layouts.PATH)
        for round_number in range(12):
            files = MemoryFiles()
            make_folders(files, "saves/chop")
            for place in places:
                if rng.below(3):
                    safe_write(files, place, rng.choice(contents))
            if rng.below(4) == 0:
                write_new(files, "saves/mmm", b"in the way")
            app = self.boot(files)
            note = self.note(app) or ""
            self.assertNotIn("Oops", note, round_number)
            self.assertNotIn("failed", note, round_number)
            while type(app.screen).__name__ == "MessageScreen":
                app.press("ok")
            self.assertEqual(type(app.screen).__name__, "HomeScreen")
            for game_id in ("mmm", "chop"):
                self.assertEqual(self.protocol_new(app, game_id)["ev"], "started", round_number)
            # each said once; a settings object without this version's number stays (kept
            # for the firmware that wrote it) and is said again, by design
            again = self.note(self.boot(files))
            self.assertIn(again, (None, OTHER_VERSION), round_number)

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
