"""The owner's own Mmm! layouts on flash: save, load, a bad file, and loading at boot.

Files live in a scratch folder that plays the flash; "power-on" is a new App
on that folder after the layouts in memory were forgotten. Runs on both
interpreters.
"""

import json
import unittest

from recording_hal import make_hal
from scratch import make_scratch_dir, remove_scratch_dir

import pawtrack.games.mmm as mmm_package
from pawtrack import files as file_io
from pawtrack import games
from pawtrack.files import OsFiles
from pawtrack.games.mmm import layouts, own_layouts
from pawtrack.games.mmm.layouts import parse_grid
from pawtrack.protocol import Protocol
from pawtrack.ui.app import App
from pawtrack.ui.game_setup import GameSetupScreen

# Side 1's EXAMPLE grid transposed: valid, and not the example.
OWN_SIDE_1 = """
side 1
Ca1 Br1 Br1 Ca2 Cu2 Fi3 Cu3
Ca1 Br1 Br1 Ca2 Cu2 Fi3 Cu3
Ca1 Cu1 Fi2 Ca2 Cu2 Br3 Cu3
Ca1 Cu1 Fi2 Br2 Ch3 Br3 Ch4
Fi1 Cu1 Fi2 Br2 Ch3 Br3 Ch4
Fi1 Ch1 Fi2 Br2 Ch3 Ca3 Ch4
Fi1 Ch1 Ch2 Ch2 Ca3 Ca3 Ch4
"""

OWN_SIDE_2 = """
side 2
Ch1 Ch1 Ch1 Ch1 Ch1
Fi1 Fi1 . Br1 Br1
"""


def forget_all():
    for side in (1, 2):
        layouts.uninstall(side)


class OwnLayoutsTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("own")
        self.files = OsFiles(self.folder)
        forget_all()

    def tearDown(self):
        forget_all()
        remove_scratch_dir(self.folder)

    def stored(self):
        data, message = file_io.safe_read(self.files, own_layouts.PATH)
        self.assertIsNone(message)
        return json.loads(data.decode())

    def power_on(self):
        """A new App on the same flash, with nothing own in memory."""
        forget_all()
        app = App(make_hal(self.folder), games.catalog())
        app.step()
        return app

    # -- the file ------------------------------------------------------------

    def test_save_writes_the_record_under_its_side_and_installs_it(self):
        record = parse_grid(OWN_SIDE_1)
        self.assertIsNone(own_layouts.save_record(self.files, record))
        self.assertEqual(self.stored(), {"1": record})
        self.assertIs(layouts.get_layout(1, "own"), record)
        self.assertFalse(self.files.exists(own_layouts.PATH + file_io.TEMP_SUFFIX))

    def test_saving_one_side_keeps_the_other(self):
        side_1 = parse_grid(OWN_SIDE_1)
        side_2 = parse_grid(OWN_SIDE_2)
        own_layouts.save_record(self.files, side_1)
        own_layouts.save_record(self.files, side_2)
        replaced = parse_grid(OWN_SIDE_2.replace("Fi1 Fi1 .", "Fi1 Fi1 Fi1"))
        own_layouts.save_record(self.files, replaced)
        self.assertEqual(self.stored(), {"1": side_1, "2": replaced})

    def test_load_mirrors_the_file(self):
        record = parse_grid(OWN_SIDE_1)
        own_layouts.save_record(self.files, record)
        forget_all()
        layouts.install(parse_grid(OWN_SIDE_2))  # in memory only: not on flash
        self.assertIsNone(own_layouts.load(self.files))
        self.assertEqual(layouts.get_layout(1, "own"), record)
        with self.assertRaises(ValueError):
            layouts.get_layout(2, "own")

    def test_no_file_means_no_own_layout_and_no_notice(self):
        self.assertIsNone(own_layouts.load(self.files))
        self.assertEqual(layouts.OWN, {})
        self.assertEqual(self.files.listdir(), [])

    def test_an_invalid_record_is_refused_and_nothing_written(self):
        bad = parse_grid(OWN_SIDE_2)
        bad["items"]["Fi1"] = [[1, 0], [1, 2]]  # not connected
        with self.assertRaises(ValueError) as caught:
            own_layouts.save_record(self.files, bad)
        self.assertEqual(str(caught.exception), "Fi1 is not connected")
        self.assertEqual(self.files.listdir(), [])
        self.assertEqual(layouts.OWN, {})

    def check_set_aside(self, raw):
        file_io.write_new(self.files, own_layouts.PATH, raw)
        layouts.install(parse_grid(OWN_SIDE_2))
        self.assertEqual(own_layouts.load(self.files), "Own Mmm! layouts damaged; set aside.")
        self.assertEqual(layouts.OWN, {})
        self.assertEqual(self.files.listdir(), [own_layouts.PATH + file_io.BAD_SUFFIX])
        self.assertEqual(file_io.read_all(self.files, own_layouts.PATH + ".bad"), raw)
        self.files.remove(own_layouts.PATH + ".bad")

    def test_a_bad_file_is_set_aside_with_a_notice(self):
        good = parse_grid(OWN_SIDE_1)
        wrong_side = json.dumps({"2": good}).encode()
        invalid = parse_grid(OWN_SIDE_1)
        invalid["items"]["Ch1"] = [[5, 1], [6, 1], [6, 2]]  # (6, 2) is also in Ch2
        for raw in (
            b"not a safe file",
            file_io.encode_safe(b"{not json"),
            file_io.encode_safe(b"\xff\xfe"),
            file_io.encode_safe(b"[1, 2]"),
            file_io.encode_safe(b'{"3": {}}'),
            file_io.encode_safe(wrong_side),
            file_io.encode_safe(json.dumps({"1": invalid}).encode()),
        ):
            self.check_set_aside(raw)

    def test_saving_over_a_bad_file_says_so_and_starts_afresh(self):
        file_io.write_new(self.files, own_layouts.PATH, b"PAWS garbage")
        record = parse_grid(OWN_SIDE_2)
        self.assertEqual(own_layouts.save_record(self.files, record), own_layouts.DAMAGED)
        self.assertEqual(self.stored(), {"2": record})
        self.assertTrue(self.files.exists(own_layouts.PATH + ".bad"))

    # -- at boot -----------------------------------------------------------------

    def test_on_boot_loads_them_before_a_new_game(self):
        record = parse_grid(OWN_SIDE_1)
        own_layouts.save_record(self.files, record)
        app = self.power_on()
        self.assertEqual(type(app.screen).__name__, "HomeScreen")
        match = app.start_match(games.find("mmm"), {"level": "board", "layout": "own"}, seed=5)
        board = match.game.board
        self.assertEqual((board.rows, board.cols), (7, 7))
        self.assertEqual(board.names[board.item_of[6 * 7 + 2]], "Ch2")  # example: Cu3
        self.assertEqual(board.squares[board.item_index("Ca1")], (0, 7, 14, 21))

    def test_a_saved_own_game_resumes_from_the_menu_and_the_protocol(self):
        own_layouts.save_record(self.files, parse_grid(OWN_SIDE_1))
        app = self.power_on()
        app.start_match(games.find("mmm"), {"level": "board", "layout": "own", "side": 1}, seed=9)
        app.session.act("roll")
        # Power cut: the Resume entry needs the layout while the menu is built.
        app = self.power_on()
        self.assertEqual(app.screen.entries()[0], "Resume Mmm!")
        out = []
        Protocol(app, out.append, board_name="test").feed(b'{"cmd": "resume"}\n')
        self.assertEqual(json.loads(out[0])["ev"], "resumed")
        self.assertEqual(app.session.match.game.state()["layout"], "own")
        self.assertEqual(app.session.match.moves, 1)

    def test_protocol_new_with_the_own_layout_after_boot(self):
        own_layouts.save_record(self.files, parse_grid(OWN_SIDE_2))
        app = self.power_on()
        out = []
        protocol = Protocol(app, out.append, board_name="test")
        line = {"cmd": "new", "game": "mmm", "seed": 3,
                "options": {"level": "board", "side": 2, "layout": "own"}}
        protocol.feed((json.dumps(line) + "\n").encode())
        self.assertEqual(json.loads(out[0])["ev"], "new")
        self.assertEqual(app.session.match.game.board.names, ["Br1", "Ch1", "Fi1"])

    def test_the_options_screen_says_what_the_level_needs(self):
        # Lite until the owner installs a layout; the line under the options says why.
        app = self.power_on()
        screen = GameSetupScreen(app, games.find("mmm"))
        self.assertEqual(screen.options["level"], "lite")
        self.assertEqual(screen.note(), "Lite: fits any box")
        screen.options["level"] = "board"
        self.assertEqual(screen.note(), "Example: not your box")
        screen.options["level"] = "items"
        self.assertEqual(screen.note(), "Example: not your box")
        screen.options["layout"] = "own"
        self.assertEqual(screen.note(), "No own layout yet")
        own_layouts.save_record(self.files, parse_grid(OWN_SIDE_1))
        self.assertEqual(screen.note(), "Undo: hold BACK")  # the layout needs no word
        screen.options["level"] = "lite"
        self.assertEqual(screen.note(), "Own layout: try board")
        screen.options["side"] = 2
        self.assertEqual(screen.note(), "Lite: fits any box")

    def test_a_bad_file_is_a_note_at_boot(self):
        file_io.write_new(self.files, own_layouts.PATH, b"PAWS\x01 junk")
        app = self.power_on()
        self.assertEqual(type(app.screen).__name__, "MessageScreen")
        self.assertEqual(" ".join(app.screen.lines), "Own Mmm! layouts damaged; set aside.")
        self.assertEqual(self.files.listdir(), [own_layouts.PATH + ".bad"])

    def test_a_game_whose_on_boot_raises_is_a_note_not_a_crash(self):
        def broken(app):
            raise OSError("flash on fire")

        saved = mmm_package.on_boot
        mmm_package.on_boot = broken
        try:
            app = self.power_on()
        finally:
            mmm_package.on_boot = saved
        self.assertEqual(type(app.screen).__name__, "MessageScreen")
        self.assertEqual(" ".join(app.screen.lines), "Mmm!: start-up failed: flash on fire")
        app.press("ok")
        self.assertEqual(type(app.screen).__name__, "HomeScreen")


if __name__ == "__main__":
    unittest.main()
