"""Journal and safe files: round trips, torn ends, damage, versions, compaction.

Runs on CPython and MicroPython, on a scratch folder through OsFiles.
"""

import unittest

from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack import records
from pawtrack.files import OsFiles, read_all, safe_read, safe_write, write_new
from pawtrack.journal import (
    DAMAGED,
    FOREIGN,
    KIND_ACTION,
    KIND_UNDO,
    OTHER_VERSION,
    Journal,
    action_record,
    header_record,
)

OPTIONS = {"players": 2, "target": 20}
ACTIONS = ["roll", "roll", "stop", "roll", "place 0 3 4", "roll"]


class ScratchTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("pawtrack-journal")
        self.files = OsFiles(self.folder)

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def journal_with(self, actions, compact_at=4096):
        journal = Journal(self.files, compact_at=compact_at)
        journal.start("counting", OPTIONS, 1234)
        for action in actions:
            journal.append_action(action)
        return journal

    def raw(self, name="match.jnl"):
        return read_all(self.files, name)

    def overwrite(self, data, name="match.jnl"):
        write_new(self.files, name, data)

    def load(self):
        return Journal(self.files).load()


class RecordTest(unittest.TestCase):
    def test_crc32_matches_the_standard_check_value(self):
        self.assertEqual(records.crc32(b"123456789"), 0xCBF43926)
        self.assertEqual(records.crc32_python(b"123456789"), 0xCBF43926)
        self.assertEqual(
            records.crc32_python(b"lo", records.crc32_python(b"hel")), records.crc32(b"hello")
        )

    def test_record_layout(self):
        record = records.encode(0x41, b"roll")
        self.assertEqual(len(record), 4 + records.OVERHEAD)
        self.assertEqual(record[0], 4)  # length, little-endian
        self.assertEqual(record[1], 0)
        self.assertEqual(record[2], 0x41)
        self.assertEqual(record[4:8], b"roll")
        found, end, how = records.scan(record + record, 0, 100)
        self.assertEqual(how, records.END_CLEAN)
        self.assertEqual(end, 2 * len(record))
        self.assertEqual(
            [(kind, payload) for kind, payload, _ in found], [(0x41, b"roll"), (0x41, b"roll")]
        )

    def test_payload_over_the_limit_is_damage(self):
        record = records.encode(0x41, b"x" * 50)
        self.assertEqual(records.scan(record, 0, 49)[2], records.END_DAMAGED)


class JournalRoundTripTest(ScratchTest):
    def test_header_and_actions_come_back(self):
        self.journal_with(ACTIONS)
        saved, message = self.load()
        self.assertIsNone(message)
        self.assertEqual(
            saved, {"game": "counting", "options": OPTIONS, "seed": 1234, "actions": ACTIONS}
        )

    def test_undo_records_drop_the_last_live_action(self):
        journal = self.journal_with(["roll", "roll"])
        journal.append_undo()
        journal.append_action("stop")
        journal.append_undo()
        journal.append_undo()
        self.assertEqual(journal.actions, [])
        journal.append_action("roll")
        saved, _ = self.load()
        self.assertEqual(saved["actions"], ["roll"])

    def test_missing_journal_is_no_match_and_no_message(self):
        self.assertEqual(self.load(), (None, None))

    def test_start_replaces_the_old_match(self):
        self.journal_with(ACTIONS)
        journal = Journal(self.files)
        journal.start("other", {}, 7)
        saved, _ = self.load()
        self.assertEqual(saved, {"game": "other", "options": {}, "seed": 7, "actions": []})

    def test_loaded_journal_keeps_appending(self):
        self.journal_with(ACTIONS[:3])
        journal = Journal(self.files)
        journal.load()
        journal.append_action("last")
        saved, _ = self.load()
        self.assertEqual(saved["actions"], ACTIONS[:3] + ["last"])

    def test_bytes_per_action(self):
        self.journal_with([])
        before = len(self.raw())
        self.journal_with(["roll"])
        self.assertEqual(len(self.raw()) - before, len("roll") + records.OVERHEAD)


class TornEndTest(ScratchTest):
    def test_every_cut_inside_the_last_record_drops_only_that_record(self):
        self.journal_with(ACTIONS)
        full = self.raw()
        last = len(action_record(ACTIONS[-1]))
        for cut in range(1, last):
            self.overwrite(full[: len(full) - cut])
            saved, message = self.load()
            self.assertIsNone(message, "cut %d" % cut)
            self.assertEqual(saved["actions"], ACTIONS[:-1], "cut %d" % cut)

    def test_bad_crc_in_the_very_last_record_is_torn(self):
        self.journal_with(ACTIONS)
        data = bytearray(self.raw())
        data[-6] ^= 0x20  # inside the last payload
        self.overwrite(bytes(data))
        saved, message = self.load()
        self.assertIsNone(message)
        self.assertEqual(saved["actions"], ACTIONS[:-1])

    def test_erased_tail_is_torn(self):
        self.journal_with(ACTIONS)
        for filler in (b"\xff", b"\x00"):
            self.overwrite(self.raw()[:-1] + filler * 40)
            saved, message = self.load()
            self.assertIsNone(message)
            self.assertEqual(saved["actions"], ACTIONS[:-1])
            self.journal_with(ACTIONS)

    def test_next_write_after_a_torn_end_cleans_the_file(self):
        self.journal_with(ACTIONS)
        self.overwrite(self.raw()[:-3])
        journal = Journal(self.files)
        journal.load()
        journal.append_action("after")
        found, end, how = records.scan(self.raw(), records.PREAMBLE_SIZE, 1024)
        self.assertEqual(how, records.END_CLEAN)
        saved, message = self.load()
        self.assertIsNone(message)
        self.assertEqual(saved["actions"], ACTIONS[:-1] + ["after"])

    def test_torn_header_is_damage(self):
        self.journal_with([])
        self.overwrite(self.raw()[:-2])
        self.assertEqual(self.load(), (None, DAMAGED))


class DamageTest(ScratchTest):
    def assert_set_aside(self, result, message):
        self.assertEqual(result, (None, message))
        self.assertFalse(self.files.exists("match.jnl"))
        self.assertTrue(self.files.exists("match.jnl.bad"))
        # The next start is clean.
        self.assertEqual(self.load(), (None, None))

    def test_flipped_byte_in_a_middle_record(self):
        self.journal_with(ACTIONS)
        data = bytearray(self.raw())
        header = len(header_record("counting", OPTIONS, 1234))
        data[records.PREAMBLE_SIZE + header + 5] ^= 0x01  # first action's payload
        self.overwrite(bytes(data))
        self.assert_set_aside(self.load(), DAMAGED)

    def test_damaged_length_in_a_middle_record_is_not_mistaken_for_a_torn_end(self):
        self.journal_with(ACTIONS)
        data = bytearray(self.raw())
        header = len(header_record("counting", OPTIONS, 1234))
        data[records.PREAMBLE_SIZE + header] = 200  # would run past the end of the file
        self.overwrite(bytes(data))
        self.assert_set_aside(self.load(), DAMAGED)

    def test_unknown_version(self):
        self.journal_with(ACTIONS)
        data = bytearray(self.raw())
        data[4] = 2
        self.overwrite(bytes(data))
        self.assert_set_aside(self.load(), OTHER_VERSION)

    def test_bad_magic(self):
        self.overwrite(b'{"not": "a journal"}\n')
        self.assert_set_aside(self.load(), FOREIGN)

    def test_empty_file(self):
        self.overwrite(b"")
        self.assert_set_aside(self.load(), DAMAGED)

    def test_first_record_must_be_the_header(self):
        self.overwrite(records.preamble(b"PAWJ", 1) + action_record("roll"))
        self.assert_set_aside(self.load(), DAMAGED)

    def test_header_that_is_not_json(self):
        self.overwrite(records.preamble(b"PAWJ", 1) + records.encode(0x48, b"{oops"))
        self.assert_set_aside(self.load(), DAMAGED)

    def test_undo_with_nothing_to_undo(self):
        header = header_record("counting", OPTIONS, 1)
        self.overwrite(records.preamble(b"PAWJ", 1) + header + records.encode(KIND_UNDO, b""))
        self.assert_set_aside(self.load(), DAMAGED)

    def test_unknown_record_kind(self):
        header = header_record("counting", OPTIONS, 1)
        extra = records.encode(0x7A, b"?") + action_record("roll")
        self.overwrite(records.preamble(b"PAWJ", 1) + header + extra)
        self.assert_set_aside(self.load(), DAMAGED)

    def test_action_that_is_not_utf8(self):
        header = header_record("counting", OPTIONS, 1)
        bad = records.encode(KIND_ACTION, b"\xff\xfe")
        self.overwrite(records.preamble(b"PAWJ", 1) + header + bad + action_record("roll"))
        self.assert_set_aside(self.load(), DAMAGED)

    def test_older_bad_file_is_replaced(self):
        self.overwrite(b"first")
        self.load()
        self.overwrite(b"second")
        self.load()
        self.assertEqual(self.raw("match.jnl.bad"), b"second")


class CompactionTest(ScratchTest):
    def test_undos_are_compacted_away_and_the_match_is_kept(self):
        journal = self.journal_with([], compact_at=300)
        expected = []
        biggest = 0
        for step in range(120):
            journal.append_action("roll %d" % step)
            expected.append("roll %d" % step)
            if step % 3:
                journal.append_undo()
                expected.pop()
            biggest = max(biggest, len(self.raw()))
            self.assertEqual(len(self.raw()), journal.size)
        saved, message = self.load()
        self.assertIsNone(message)
        self.assertEqual(saved["actions"], expected)
        # Without compaction the file would hold 120 actions and 80 undos.
        self.assertLess(biggest, 2 * len(self.raw()) + 300)
        found, _, _ = records.scan(self.raw(), records.PREAMBLE_SIZE, 1024)
        self.assertLess(len(found), 120)

    def test_journal_without_undos_is_not_rewritten(self):
        journal = self.journal_with([], compact_at=100)
        for _ in range(30):
            journal.append_action("roll")
        found, _, _ = records.scan(self.raw(), records.PREAMBLE_SIZE, 1024)
        self.assertEqual(len(found), 31)
        self.assertEqual(journal.live_size, journal.size)

    def test_explicit_compact(self):
        journal = self.journal_with(ACTIONS)
        journal.append_undo()
        journal.compact()
        found, _, _ = records.scan(self.raw(), records.PREAMBLE_SIZE, 1024)
        self.assertEqual([kind for kind, _, _ in found[1:]], [KIND_ACTION] * (len(ACTIONS) - 1))
        self.assertEqual(self.load()[0]["actions"], ACTIONS[:-1])


class SafeFileTest(ScratchTest):
    def test_round_trip_and_overwrite(self):
        safe_write(self.files, "settings.bin", b'{"bright": 3}')
        self.assertEqual(safe_read(self.files, "settings.bin"), (b'{"bright": 3}', None))
        safe_write(self.files, "settings.bin", b"")
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"", None))
        self.assertFalse(self.files.exists("settings.bin.tmp"))

    def test_missing(self):
        self.assertEqual(safe_read(self.files, "settings.bin"), (None, None))

    def test_leftover_temp_file_does_not_matter(self):
        safe_write(self.files, "settings.bin", b"old")
        self.overwrite(b"PAWS\x01half a wri", "settings.bin.tmp")
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"old", None))
        safe_write(self.files, "settings.bin", b"new")
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"new", None))

    def test_every_damage_is_reported_and_set_aside(self):
        safe_write(self.files, "settings.bin", b"brightness 3")
        good = self.raw("settings.bin")
        damaged = [good[:-1], good + b"\x00", good[:4] + b"\x02" + good[5:], b"", b"junk"]
        for index in range(len(good)):
            flipped = bytearray(good)
            flipped[index] ^= 0x10
            damaged.append(bytes(flipped))
        for data in damaged:
            self.overwrite(data, "settings.bin")
            result = safe_read(self.files, "settings.bin", "Settings")
            self.assertEqual(result, (None, "Settings damaged; set aside."), repr(data))
            self.assertFalse(self.files.exists("settings.bin"))
            self.assertEqual(self.raw("settings.bin.bad"), data)

    def test_wrong_kind_of_file(self):
        self.journal_with(ACTIONS)
        self.files.rename("match.jnl", "settings.bin")
        self.assertEqual(
            safe_read(self.files, "settings.bin", "Options")[1], "Options damaged; set aside."
        )


if __name__ == "__main__":
    unittest.main()
