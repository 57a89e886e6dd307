"""Settings on flash: kept across restarts, and every bad file falls back to the defaults
with one sentence on the screen at power-on (both interpreters, through the real App)."""

import json
import unittest

from app_kit import home_app, presses

from pawtrack.files import read_all, safe_write, write_new
from pawtrack.memfiles import MemoryFiles
from pawtrack.settings import DEFAULTS, PATH, VERSION, Settings


class FailingReads(MemoryFiles):
    """A flash whose reads of the settings file fail (a worn-out or half-erased block)."""

    def open(self, name, mode):
        if name == PATH and "r" in mode:
            raise OSError(5, "read error")
        return MemoryFiles.open(self, name, mode)


def flash_with_settings(data):
    """A flash holding ``data`` as the settings file, written the way the device writes it."""
    files = MemoryFiles()
    safe_write(files, PATH, data)
    return files


def record(**values):
    values.setdefault("version", VERSION)
    return json.dumps(values).encode()


class FallbackTest(unittest.TestCase):
    def assert_defaults_with_notice(self, files, notice):
        app = home_app(files=files)
        self.assertEqual(app.messages, [notice])
        shown = app.screen.text_lines()
        self.assertEqual(" ".join(shown), notice)
        self.assertTrue(len(shown) <= 4)  # the note box shows four lines: all of it
        self.assertEqual(app.settings.brightness, DEFAULTS["brightness"])
        self.assertEqual(app.settings.sound, DEFAULTS["sound"])
        self.assertEqual(app.lights.level, 255 * DEFAULTS["brightness"] // 5)
        presses(app, "ok")  # the note closes onto the main menu
        self.assertEqual(type(app.screen).__name__, "HomeScreen")
        return app

    def test_good_file_is_used_without_a_note(self):
        app = home_app(files=flash_with_settings(record(brightness=5, sound=False)))
        self.assertEqual(app.messages, [])
        self.assertEqual((app.settings.brightness, app.settings.sound), (5, False))
        self.assertEqual(app.lights.level, 255)

    def test_unreadable_file(self):
        files = flash_with_settings(b"{brightness: 5")  # framed correctly, not JSON
        self.assert_defaults_with_notice(files, "Settings were unreadable; defaults used.")

    def test_file_from_another_version(self):
        files = flash_with_settings(record(version=VERSION + 1, brightness=5, sound=False))
        self.assert_defaults_with_notice(files, "Settings from another version; defaults used.")

    def test_file_without_a_version(self):
        files = flash_with_settings(json.dumps({"brightness": 5}).encode())
        self.assert_defaults_with_notice(files, "Settings from another version; defaults used.")

    def test_json_that_is_not_an_object(self):
        files = flash_with_settings(b"[5, false]")
        self.assert_defaults_with_notice(files, "Settings were unreadable; defaults used.")
        self.assertFalse(files.exists(PATH))  # set aside: the next save starts clean
        self.assertTrue(files.exists(PATH + ".bad"))

    def test_damaged_file_is_set_aside(self):
        files = flash_with_settings(record(brightness=5))
        raw = bytearray(files.files[PATH])
        raw[-3] ^= 0x55  # a flipped byte in the record: its check fails
        files.files[PATH] = raw
        self.assert_defaults_with_notice(files, "Settings damaged; set aside.")
        self.assertFalse(files.exists(PATH))
        self.assertEqual(bytes(read_all(files, PATH + ".bad")), bytes(raw))

    def test_a_file_the_flash_cannot_read(self):
        files = FailingReads()
        safe_write(files, PATH, record(brightness=5))
        self.assert_defaults_with_notice(files, "Settings damaged; set aside.")
        self.assertTrue(files.exists(PATH + ".bad"))

    def test_a_file_that_is_not_a_safe_file(self):
        files = MemoryFiles()
        write_new(files, PATH, b'{"version": 1, "brightness": 5}')  # plain JSON, no frame
        self.assert_defaults_with_notice(files, "Settings damaged; set aside.")

    def test_out_of_range_values_fall_back_one_by_one(self):
        data = record(brightness=9, sound="yes", games={"mmm": {"players": 3}})
        settings = Settings.load(flash_with_settings(data))
        self.assertIsNone(settings.notice)
        self.assertEqual((settings.brightness, settings.sound), (3, True))
        self.assertEqual(settings.game_options("mmm"), {"players": 3})

    def test_after_a_fallback_a_change_is_saved_and_kept(self):
        files = flash_with_settings(b"not json")
        app = self.assert_defaults_with_notice(files, "Settings were unreadable; defaults used.")
        presses(app, "left ok ok")  # Settings, brightness 3 -> 4
        self.assertEqual(app.settings.brightness, 4)
        again = home_app(files=files)
        self.assertEqual(again.messages, [])
        self.assertEqual(again.settings.brightness, 4)


if __name__ == "__main__":
    unittest.main()
