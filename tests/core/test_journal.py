"""Records, the per-game journal and safe files: round trips, tails and merges, torn ends,
damage, versions, generations.

Runs on CPython and MicroPython. The journal is tested in memory
(MemoryFiles) and once over the interpreter's own filesystem (OsFiles).
"""

import unittest

from scratch import make_scratch_dir, remove_scratch_dir

from pawtrack import records
from pawtrack.files import OsFiles, encode_safe, read_all, safe_read, safe_write, write_new
from pawtrack.journal import (
    DAMAGED,
    FOREIGN,
    OTHER_VERSION,
    PREAMBLE,
    TAIL_BYTES,
    TIDY_ROOM,
    Journal,
    SaveDamaged,
    action_record,
)
from pawtrack.memfiles import MemoryFiles

OPTIONS = {"players": 2, "target": 20}
ACTIONS = ["roll", "roll", "stop", "roll", "place 0 3 4", "roll"]
FOLDER = "saves/counting"
STATUS = (False, "turn 1")


def live_actions(journal, drop_last=False):
    """(the live actions a replay hands out, the action it returns)."""
    played = []
    last = journal.replay(played.append, drop_last)
    return played, last


class JournalTest(unittest.TestCase):
    def setUp(self):
        self.files = MemoryFiles()

    def journal_with(self, actions, status=STATUS):
        journal = Journal(self.files, FOLDER)
        journal.start("counting", OPTIONS, 1234, status)
        for action in actions:
            journal.append_action(action)
        return journal

    def reopened(self):
        journal = Journal(self.files, FOLDER)
        found, message = journal.load_head()
        self.assertTrue(found, message)
        return journal

    def names(self):
        return sorted(self.files.listdir(FOLDER))

    def raw(self, name):
        return read_all(self.files, FOLDER + "/" + name)

    def overwrite(self, name, data):
        write_new(self.files, FOLDER + "/" + name, data)


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

    def test_the_streaming_reader_agrees_with_scan(self):
        good = b"".join(records.encode(0x41, b"a" * (n * 37 % 300)) for n in range(40))
        cases = [good, good[:-3], good + b"\xff" * 20, good + b"\x00" * 9, b""]
        flipped = bytearray(good)
        flipped[len(good) // 2] ^= 0x04
        cases.append(bytes(flipped))
        cases.append(good[: len(good) - 6] + b"\xff" * 6)
        for data in cases:
            found, end, how = records.scan(data, 0, 1024)
            files = MemoryFiles()
            write_new(files, "f", data)
            f = files.open("f", "rb")
            reader = records.Reader(f, 1024)
            streamed = []
            while True:
                item = reader.next()
                if item is None:
                    break
                streamed.append(item)
            self.assertEqual(streamed, [(kind, payload) for kind, payload, _ in found])
            self.assertEqual((reader.end, reader.how), (end, how), len(data))


class RoundTripTest(JournalTest):
    def test_head_and_actions_come_back(self):
        self.journal_with(ACTIONS)
        journal = self.reopened()
        self.assertEqual(
            (journal.game_id, journal.options, journal.seed), ("counting", OPTIONS, 1234)
        )
        self.assertEqual(live_actions(journal), (ACTIONS, ACTIONS[-1]))
        self.assertEqual(journal.moves, len(ACTIONS))

    def test_undo_records_drop_the_last_live_action(self):
        journal = self.journal_with(ACTIONS)
        journal.append_undo()
        journal.append_undo()
        journal.append_action("stop")
        expected = ACTIONS[:-2] + ["stop"]
        self.assertEqual(live_actions(self.reopened())[0], expected)
        self.assertEqual(live_actions(self.reopened(), drop_last=True), (expected[:-1], "stop"))

    def test_nothing_to_undo(self):
        journal = self.journal_with([])
        with self.assertRaises(ValueError):
            journal.append_undo()

    def test_no_save_is_no_match_and_no_message(self):
        self.assertEqual(Journal(self.files, FOLDER).load_head(), (False, None))

    def test_status_is_read_from_the_tails_alone(self):
        journal = self.journal_with(["roll"], status=(False, "turn 1"))
        journal.append_action("roll", (False, "turn 2"))
        journal.append_action("stop", (True, "won"))
        peeked = self.reopened()
        self.assertEqual(peeked.peek_status(), (True, "won"))
        journal.append_undo((False, "turn 2"))
        self.assertEqual(self.reopened().peek_status(), (False, "turn 2"))

    def test_a_status_is_written_only_when_it_changes(self):
        journal = self.journal_with([])
        size = len(self.raw("1.t0"))
        journal.append_action("roll", STATUS)
        self.assertEqual(len(self.raw("1.t0")), size + len(action_record("roll")))

    def test_start_replaces_the_old_match_and_sweeps_its_files(self):
        journal = self.journal_with(ACTIONS * 30)
        self.assertTrue("1.b" in self.names())
        journal.start("counting", {"players": 3, "target": 20}, 99, STATUS)
        self.assertEqual(self.names(), ["2.t0", "head"])
        fresh = self.reopened()
        self.assertEqual((fresh.options["players"], fresh.seed, fresh.gen), (3, 99, 2))
        self.assertEqual(live_actions(fresh), ([], None))

    def test_tails_fill_then_move_to_the_base(self):
        journal = self.journal_with([])
        for count in range(200):
            journal.append_action("action %d" % count)
            for name in self.names():
                if ".t" in name:
                    self.assertTrue(len(self.raw(name)) <= TAIL_BYTES, name)
        self.assertTrue("1.b" in self.names())
        for name in self.names():
            self.assertTrue(name in ("1.b", "1.t0", "1.t1", "head"), name)
        played, _ = live_actions(self.reopened())
        self.assertEqual(played, ["action %d" % n for n in range(200)])

    def test_a_tidy_merges_early_so_that_the_next_appends_do_not(self):
        journal = self.journal_with([])
        count = 0
        while not journal.needs_tidy():
            self.assertFalse("1.b" in self.names())  # no merge before the tidy is due
            journal.append_action("action %d" % count)
            count += 1
        self.assertTrue(journal.tail_size > TAIL_BYTES - TIDY_ROOM)
        journal.tidy()
        self.assertTrue("1.b" in self.names())
        self.assertFalse(journal.needs_tidy())
        base = self.raw("1.b")
        journal.tidy()  # not due any more: nothing written
        self.assertEqual(self.raw("1.b"), base)
        for more in range(5):
            journal.append_action("after %d" % more)
            self.assertEqual(self.raw("1.b"), base)  # the appends went to a new tail
        expected = ["action %d" % n for n in range(count)] + ["after %d" % n for n in range(5)]
        self.assertEqual(live_actions(self.reopened())[0], expected)

    def test_a_power_cut_right_after_a_tidy_loses_nothing(self):
        journal = self.journal_with([])
        count = 0
        while not journal.needs_tidy():
            journal.append_action("a%d" % count)
            count += 1
        journal.tidy()
        again = self.reopened()  # as after a power cut: only what is on flash
        self.assertEqual(live_actions(again)[0], ["a%d" % n for n in range(count)])
        again.append_action("next")
        self.assertEqual(live_actions(self.reopened())[0][-2:], ["a%d" % (count - 1), "next"])

    def test_after_a_merge_tail_1_is_emptied_not_removed_and_written_over_later(self):
        # On LittleFS a file made again costs more commits than one written over
        # (and, when its folder's metadata is full, two erases in one press).
        journal = self.journal_with([])
        count = 0
        while "1.b" not in self.names():
            journal.append_action("a%d" % count)
            count += 1
        self.assertEqual(self.names(), ["1.b", "1.t0", "1.t1", "head"])
        self.assertEqual(self.raw("1.t1"), b"")
        played = ["a%d" % n for n in range(count)]
        self.assertEqual(live_actions(self.reopened())[0], played)  # the empty tail is none
        while self.raw("1.t1") == b"":
            journal.append_action("a%d" % count)
            played.append("a%d" % count)
            count += 1
        self.assertTrue(self.raw("1.t1").startswith(PREAMBLE))
        self.assertEqual(live_actions(self.reopened())[0], played)

    def test_a_merged_tail_left_behind_is_ignored_and_replaced(self):
        journal = self.journal_with([])
        count = 0
        while "1.b" not in self.names():
            journal.append_action("a%d" % count)
            count += 1
        # As if the power went out between the merge and the new tail: the tail
        # there was started when the base was still empty, so it is merged already.
        stale = self.raw("1.t0")
        begin = records.encode(0x42, bytes(4))
        self.overwrite("1.t0", stale[: len(PREAMBLE)] + begin + stale[len(PREAMBLE) + len(begin) :])
        merged = ["a%d" % n for n in range(count - 1)]
        again = self.reopened()
        self.assertEqual(live_actions(again)[0], merged)
        again.append_action("next")
        self.assertEqual(live_actions(self.reopened())[0], merged + ["next"])

    def test_a_long_match_resumes_and_keeps_going(self):
        journal = self.journal_with([])
        expected = []
        for count in range(1500):
            if count % 11 == 10:
                journal.append_undo()
                expected.pop()
            else:
                journal.append_action("move %d" % count)
                expected.append("move %d" % count)
        again = self.reopened()
        self.assertEqual(live_actions(again)[0], expected)
        again.append_action("last")
        self.assertEqual(live_actions(self.reopened())[0], expected + ["last"])

    def test_progress_is_reported_during_a_long_replay(self):
        self.journal_with(["roll"] * 100)
        seen = []
        self.reopened().replay(lambda action: None, progress=lambda *pair: seen.append(pair))
        self.assertEqual(seen, [(32, 100), (64, 100), (96, 100)])


class TornAndDamagedTest(JournalTest):
    def test_every_cut_inside_the_last_record_drops_only_that_record(self):
        self.journal_with(ACTIONS)
        whole = self.raw("1.t0")
        record = len(action_record(ACTIONS[-1]))
        for cut in range(1, record):
            self.overwrite("1.t0", whole[:-cut])
            self.assertEqual(live_actions(self.reopened())[0], ACTIONS[:-1], cut)

    def test_erased_bytes_after_a_cut_are_torn(self):
        self.journal_with(ACTIONS)
        whole = self.raw("1.t0")
        for filler in (b"\xff", b"\x00"):
            self.overwrite("1.t0", whole[:-5] + filler * 40)
            self.assertEqual(live_actions(self.reopened())[0], ACTIONS[:-1])

    def test_next_write_after_a_torn_end_cleans_the_file(self):
        self.journal_with(ACTIONS)
        whole = self.raw("1.t0")
        self.overwrite("1.t0", whole[:-3])
        journal = self.reopened()
        live_actions(journal)
        journal.append_action("stop")
        found, _, how = records.scan(self.raw("1.t0"), records.PREAMBLE_SIZE, 1024)
        self.assertEqual(how, records.END_CLEAN)
        self.assertEqual(live_actions(self.reopened())[0], ACTIONS[:-1] + ["stop"])

    def test_a_tail_cut_in_its_first_write_is_no_tail(self):
        self.journal_with([])
        self.overwrite("1.t0", PREAMBLE[:3])
        self.assertEqual(live_actions(self.reopened())[0], [])

    def test_a_flipped_byte_before_the_end_is_damage(self):
        self.journal_with(ACTIONS)
        whole = bytearray(self.raw("1.t0"))
        whole[len(PREAMBLE) + 20] ^= 0x01
        self.overwrite("1.t0", bytes(whole))
        with self.assertRaises(SaveDamaged):
            live_actions(self.reopened())

    def test_other_versions_and_foreign_files(self):
        for data, message in ((b"PAWJ\x09" + b"x" * 20, OTHER_VERSION), (b"JUNKJUNK", FOREIGN)):
            self.files = MemoryFiles()
            self.journal_with(ACTIONS)
            self.overwrite("1.t0", data)
            with self.assertRaises(SaveDamaged) as raised:
                live_actions(self.reopened())
            self.assertEqual(str(raised.exception), message)

    def test_a_damaged_head_is_set_aside(self):
        self.journal_with(ACTIONS)
        head = bytearray(read_all(self.files, FOLDER + "/head"))
        head[-1] ^= 0xFF
        write_new(self.files, FOLDER + "/head", bytes(head))
        journal = Journal(self.files, FOLDER)
        self.assertEqual(journal.load_head(), (False, DAMAGED))
        self.assertTrue(self.files.exists(FOLDER + "/head.bad"))
        journal.start("counting", OPTIONS, 5, STATUS)  # the next match sweeps the old files
        self.assertEqual(self.names(), ["2.t0", "head", "head.bad"])


class OnRealFilesTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("pawtrack-journal")
        self.files = OsFiles(self.folder)
        self.files.mkdir("saves")

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def test_round_trip_with_merges_and_undos(self):
        journal = Journal(self.files, FOLDER)
        journal.start("counting", OPTIONS, 7, STATUS)
        expected = []
        for count in range(300):
            if count % 7 == 6:
                journal.append_undo()
                expected.pop()
            else:
                journal.append_action("go %d" % count)
                expected.append("go %d" % count)
        again = Journal(self.files, FOLDER)
        again.load_head()
        self.assertEqual(live_actions(again)[0], expected)


class SafeFileTest(unittest.TestCase):
    def setUp(self):
        self.files = MemoryFiles()

    def raw(self, name):
        return read_all(self.files, name)

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
        write_new(self.files, "settings.bin.tmp", b"PAWS\x01half a wri")
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"old", None))
        safe_write(self.files, "settings.bin", b"new")
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"new", None))

    def test_a_folder_where_the_temp_file_goes_is_cleared(self):
        self.files.mkdir("settings.bin.tmp")
        write_new(self.files, "settings.bin.tmp/stray", b"x")
        safe_write(self.files, "settings.bin", b"new")
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"new", None))
        self.assertFalse(self.files.exists("settings.bin.tmp"))

    def test_every_damage_is_reported_and_set_aside(self):
        safe_write(self.files, "settings.bin", b"brightness 3")
        good = self.raw("settings.bin")
        damaged = [good[:-1], good + b"\x00", good[:4] + b"\x02" + good[5:], b"", b"junk"]
        for index in range(len(good)):
            flipped = bytearray(good)
            flipped[index] ^= 0x10
            damaged.append(bytes(flipped))
        for data in damaged:
            write_new(self.files, "settings.bin", data)
            result = safe_read(self.files, "settings.bin", "Settings")
            self.assertEqual(result, (None, "Settings damaged; set aside."), repr(data))
            self.assertFalse(self.files.exists("settings.bin"))
            self.assertEqual(self.raw("settings.bin.bad"), data)

    def test_wrong_kind_of_file(self):
        write_new(self.files, "settings.bin", PREAMBLE + action_record("roll"))
        self.assertEqual(
            safe_read(self.files, "settings.bin", "Options")[1], "Options damaged; set aside."
        )


class NoRenameFiles(MemoryFiles):
    """Files like FAT's: no atomic rename, so safe files must not lean on one."""

    atomic_rename = False

    def __init__(self):
        MemoryFiles.__init__(self)
        self.renames = 0

    def rename(self, src, dst):
        self.renames += 1
        MemoryFiles.rename(self, src, dst)


class FatSafeFileTest(unittest.TestCase):
    def setUp(self):
        self.files = NoRenameFiles()

    def test_written_without_a_rename_and_no_temp_file_left(self):
        safe_write(self.files, "settings.bin", b"old")
        safe_write(self.files, "settings.bin", b"new")
        self.assertEqual(self.files.renames, 0)
        self.assertFalse(self.files.exists("settings.bin.tmp"))
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"new", None))

    def test_a_cut_while_the_file_was_rewritten_takes_the_complete_copy(self):
        safe_write(self.files, "settings.bin", b"old")
        complete = encode_safe(b"new")
        for torn in (b"", complete[:3], complete[:-1]):
            write_new(self.files, "settings.bin.tmp", complete)
            write_new(self.files, "settings.bin", torn)
            self.assertEqual(safe_read(self.files, "settings.bin"), (b"new", None))
            self.assertEqual(read_all(self.files, "settings.bin"), complete)
            self.assertFalse(self.files.exists("settings.bin.tmp"))
            self.assertFalse(self.files.exists("settings.bin.bad"))

    def test_a_cut_before_the_file_existed_takes_the_complete_copy(self):
        write_new(self.files, "settings.bin.tmp", encode_safe(b"first"))
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"first", None))
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"first", None))

    def test_a_half_written_copy_beside_a_good_file_is_ignored(self):
        safe_write(self.files, "settings.bin", b"old")
        write_new(self.files, "settings.bin.tmp", encode_safe(b"new")[:-2])
        self.assertEqual(safe_read(self.files, "settings.bin"), (b"old", None))

    def test_damage_with_no_good_copy_is_still_set_aside(self):
        write_new(self.files, "settings.bin", b"junk")
        write_new(self.files, "settings.bin.tmp", b"PAWS")
        result = safe_read(self.files, "settings.bin")
        self.assertEqual(result, (None, "Settings damaged; set aside."))

    def test_with_atomic_rename_a_complete_copy_is_renamed_into_place(self):
        files = MemoryFiles()
        write_new(files, "settings.bin.tmp", encode_safe(b"new"))
        self.assertEqual(safe_read(files, "settings.bin"), (b"new", None))
        self.assertFalse(files.exists("settings.bin.tmp"))
        self.assertEqual(safe_read(files, "settings.bin"), (b"new", None))


if __name__ == "__main__":
    unittest.main()
