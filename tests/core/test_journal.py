"""Records, the per-game journal and safe files: round trips, logs made ahead, torn ends,
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
    HEADER_BYTES,
    LOG_BYTES,
    LOG_MAGIC,
    MAX_APPEND,
    OTHER_VERSION,
    SPARE_AT,
    WINDOW,
    Journal,
    SaveDamaged,
    action_record,
    log_header,
    status_record,
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
        journal.tidy()  # what the app does once the screen is still
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

    def logs(self):
        return [name for name in self.names() if ".l" in name]

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

    def test_a_whole_record_has_the_same_crc_whatever_its_payload(self):
        for payload in (b"", b"roll", b"place 3 1 5", bytes(range(200))):
            record = records.encode(0x53, payload)
            self.assertEqual(records.crc32(record), records.GOOD_RECORD_CRC)
            self.assertEqual(records.crc32_python(record), records.GOOD_RECORD_CRC)

    def test_record_end_finds_a_good_record_and_refuses_any_byte_changed(self):
        record = records.encode(0x41, b"move 2")
        buf = bytearray(b"\xff" + record + b"\xff" * 8)
        view = memoryview(buf)
        fill = len(buf)
        self.assertEqual(records.record_end(buf, view, 1, fill, 100), 1 + len(record))
        self.assertEqual(records.record_end(buf, view, 0, fill, 100), -1)
        self.assertEqual(records.record_end(buf, view, 1, len(record), 100), -1)  # cut off
        self.assertEqual(records.record_end(buf, view, 1, fill, 5), -1)  # longer than allowed
        for index in range(1, 1 + len(record)):  # the check byte too: the CRC covers it
            for flip in (0x01, 0x80):
                buf[index] ^= flip
                self.assertEqual(records.record_end(buf, view, 1, fill, 100), -1, index)
                buf[index] ^= flip

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

    def test_status_is_read_from_the_last_log_alone(self):
        journal = self.journal_with(["roll"], status=(False, "turn 1"))
        journal.append_action("roll", (False, "turn 2"))
        journal.append_action("stop", (True, "won"))
        peeked = self.reopened()
        self.assertEqual(peeked.peek_status(), (True, "won"))
        journal.append_undo((False, "turn 2"))
        self.assertEqual(self.reopened().peek_status(), (False, "turn 2"))
        for count in range(300):  # on into later logs, each opening with the status
            journal.append_action("move %d" % count, (False, "turn %d" % (count // 100)))
        self.assertTrue(len(self.logs()) > 1)
        del self.files.files[FOLDER + "/" + self.logs()[0]]  # the first log is not read
        self.assertEqual(self.reopened().peek_status(), (False, "turn 2"))

    def test_a_status_is_written_only_when_it_changes(self):
        journal = self.journal_with([])
        end = journal.log_end
        journal.append_action("roll", STATUS)
        self.assertEqual(journal.log_end, end + len(action_record("roll")))

    def test_a_log_is_written_whole_once_and_then_only_in_its_erased_bytes(self):
        files = WatchedFiles()
        self.files = files
        journal = self.journal_with(ACTIONS)
        log = self.raw("1.l0")
        self.assertEqual(len(log), LOG_BYTES)
        self.assertEqual(files.made, [FOLDER + "/1.l0"])  # made once, by start
        for name, offset, _ in files.written_at:
            self.assertEqual(name, FOLDER + "/1.l0")
            self.assertTrue(offset >= HEADER_BYTES)
        self.assertFalse(files.overwrote)  # only erased bytes were written
        self.assertTrue(log[journal.log_end :] == b"\xff" * (LOG_BYTES - journal.log_end))

    def test_start_replaces_the_old_match_and_its_files_go_at_the_tidy(self):
        journal = self.journal_with(ACTIONS * 60)
        self.assertTrue("1.l1" in self.names())
        journal.start("counting", {"players": 3, "target": 20}, 99, STATUS)
        fresh = self.reopened()
        self.assertEqual((fresh.options["players"], fresh.seed, fresh.gen), (3, 99, 2))
        self.assertEqual(live_actions(fresh), ([], None))
        self.assertTrue(journal.needs_tidy())
        journal.tidy()
        self.assertEqual(self.names(), ["2.l0", "head"])
        self.assertFalse(journal.needs_tidy())

    def test_a_first_log_made_in_pieces_is_the_same_log_and_leaves_the_match_alone(self):
        self.journal_with(ACTIONS)
        steps = Journal(self.files, FOLDER).preparing_start()
        pieces = 0
        for _ in steps:
            pieces += 1
            self.assertEqual(live_actions(self.reopened())[0], ACTIONS)  # meanwhile too
        self.assertGreater(pieces, 3)  # the log's 4 KiB in parts, not in one go
        made = self.raw("2.l0")
        self.assertEqual((len(made), made[HEADER_BYTES:]), (LOG_BYTES, b"\xff" * (LOG_BYTES - 16)))
        self.assertEqual(self.reopened().gen, 1)
        journal = Journal(self.files, FOLDER)
        journal.start("counting", OPTIONS, 77, STATUS)
        self.assertEqual(journal.gen, 2)

    def test_a_first_log_made_ahead_is_what_start_writes_into(self):
        self.journal_with(ACTIONS)
        Journal(self.files, FOLDER).prepare_start()
        self.assertTrue("2.l0" in self.names())
        made = self.raw("2.l0")
        self.assertEqual(live_actions(self.reopened())[0], ACTIONS)  # still the saved match
        files = WatchedFiles()
        files.files, files.folders = self.files.files, self.files.folders
        Journal(files, FOLDER).prepare_start()  # made already: nothing to do
        journal = Journal(files, FOLDER)
        journal.start("counting", OPTIONS, 77, STATUS)
        self.assertEqual(files.made, [])  # no file made: the log, then only the head
        self.assertEqual(self.raw("2.l0")[:HEADER_BYTES], made[:HEADER_BYTES])
        journal.append_action("roll")
        self.assertEqual(live_actions(self.reopened())[0], ["roll"])

    def test_the_next_log_is_made_by_a_tidy_before_an_append_needs_it(self):
        journal = self.journal_with([])
        count = 0
        while not journal.needs_tidy():
            self.assertEqual(self.logs(), ["1.l0"])
            journal.append_action("action %d" % count)
            count += 1
        self.assertTrue(journal.log_end > SPARE_AT)
        journal.tidy()
        self.assertEqual(self.logs(), ["1.l0", "1.l1"])
        self.assertFalse(journal.needs_tidy())
        files = WatchedFiles()
        files.files, files.folders = self.files.files, self.files.folders
        journal.files = files
        while journal.log == 0:
            journal.append_action("action %d" % count)
            count += 1
        self.assertEqual(files.made, [])  # the switch to the next log made no file
        self.assertFalse(journal.needs_tidy())  # the one after is made when this one fills
        expected = ["action %d" % n for n in range(count)]
        self.assertEqual(live_actions(self.reopened())[0], expected)

    def test_without_a_tidy_the_append_makes_the_next_log_itself(self):
        journal = self.journal_with([])
        for count in range(700):
            journal.append_action("action %d" % count)
        self.assertTrue(len(self.logs()) >= 3)
        played = ["action %d" % n for n in range(700)]
        self.assertEqual(live_actions(self.reopened())[0], played)

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

    def test_a_log_made_only_in_part_is_no_log(self):
        journal = self.journal_with([])
        count = 0
        while not journal.needs_tidy():
            journal.append_action("a%d" % count)
            count += 1
        made = log_header(1, b"nonce") + b"\xff" * (LOG_BYTES - HEADER_BYTES)
        self.overwrite("1.l1", made[:100])  # as if cut while it was made (FAT: in part)
        again = self.reopened()
        self.assertEqual(live_actions(again)[0], ["a%d" % n for n in range(count)])
        self.assertTrue(again.needs_tidy())
        for more in range(100):
            again.append_action("b%d" % more)
        expected = ["a%d" % n for n in range(count)] + ["b%d" % n for n in range(100)]
        self.assertEqual(live_actions(self.reopened())[0], expected)

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
            if journal.needs_tidy():
                journal.tidy()
        again = self.reopened()
        self.assertEqual(live_actions(again)[0], expected)
        again.append_action("last")
        self.assertEqual(live_actions(self.reopened())[0], expected + ["last"])

    def test_logs_are_read_a_window_at_a_time(self):
        # The Pico's heap fragments: a 4 KiB buffer could fail where a match must resume.
        self.files = SmallReads()
        journal = self.journal_with(["move %d" % n for n in range(300)])
        self.files.largest = 0
        self.assertEqual(len(live_actions(self.reopened())[0]), 300)
        self.assertEqual(self.reopened().peek_status(), STATUS)
        journal.start("counting", OPTIONS, 9, STATUS)
        self.assertTrue(0 < self.files.largest <= WINDOW)

    def test_progress_is_reported_during_a_long_replay(self):
        self.journal_with(["roll"] * 100)
        seen = []
        self.reopened().replay(lambda action: None, progress=lambda *pair: seen.append(pair))
        self.assertEqual(seen, [(32, 100), (64, 100), (96, 100)])


class ListingFiles(MemoryFiles):
    """MemoryFiles that count the folder listings asked of them."""

    listings = 0

    def listdir(self, folder=""):
        self.listings += 1
        return MemoryFiles.listdir(self, folder)


class LastLogTest(JournalTest):
    """The last log is found from the ``top`` note, not by listing a folder that grows
    with the match."""

    def long_journal(self):
        self.files = ListingFiles()
        journal = self.journal_with([])
        for count in range(1500):
            journal.append_action("move %d" % count, (False, "turn %d" % (count // 7)))
            if journal.needs_tidy():
                journal.tidy()
        return journal

    def listed_numbers(self):
        return sorted(
            int(name[3:]) for name in MemoryFiles.listdir(self.files, FOLDER)
            if name.startswith("1.l")
        )  # fmt: skip

    def found(self):
        """(log numbers, status, listings) as a fresh look at the save sees them."""
        journal = self.reopened()
        self.files.listings = 0
        numbers = journal._log_numbers()
        status = journal.peek_status()
        return numbers, status, self.files.listings

    def test_the_newest_log_is_noted_and_found_without_a_listing(self):
        journal = self.long_journal()
        numbers = self.listed_numbers()
        self.assertGreater(len(numbers), 4)
        self.assertEqual(self.raw("1.top"), str(numbers[-1]).encode())
        self.assertEqual(self.found(), (numbers, journal.status, 0))

    def test_a_note_a_cut_left_short_still_finds_the_last_log(self):
        journal = self.long_journal()
        numbers = self.listed_numbers()
        self.overwrite("1.top", str(numbers[-2]).encode())
        self.assertEqual(self.found(), (numbers, journal.status, 0))

    def test_a_note_that_does_not_hold_falls_back_to_the_listing(self):
        journal = self.long_journal()
        numbers = self.listed_numbers()
        expected = live_actions(self.reopened())[0]
        for note in (b"", b"\xff\xff", b"x1", b"0", b"-3", str(numbers[-1] + 5).encode()):
            self.overwrite("1.top", note)
            self.assertEqual(self.found(), (numbers, journal.status, 2), note)
            self.assertEqual(live_actions(self.reopened())[0], expected)
        self.files.remove(FOLDER + "/1.top")
        self.assertEqual(self.found(), (numbers, journal.status, 2))

    def test_a_match_of_one_log_writes_no_note(self):
        self.journal_with(ACTIONS)
        self.assertFalse(self.files.exists(FOLDER + "/1.top"))


class SmallReads(MemoryFiles):
    """MemoryFiles whose open logs note the largest read asked of them."""

    largest = 0

    def open(self, name, mode):
        f = MemoryFiles.open(self, name, mode)
        if ".l" not in name:
            return f
        owner = self
        read, readinto = f.read, f.readinto

        def noting_read(size=-1):
            owner.largest = max(owner.largest, LOG_BYTES if size is None or size < 0 else size)
            return read(size)

        def noting_readinto(buffer):
            owner.largest = max(owner.largest, len(buffer))
            return readinto(buffer)

        f.read, f.readinto = noting_read, noting_readinto
        return f


class WatchedFiles(MemoryFiles):
    """MemoryFiles that note the files written whole and what is written in place."""

    def __init__(self):
        MemoryFiles.__init__(self)
        self.made = []
        self.written_at = []
        self.overwrote = False  # a write_at over bytes that were not erased

    def open(self, name, mode):
        if "w" in mode and ".l" in name:
            self.made.append(name)
        return MemoryFiles.open(self, name, mode)

    def write_at(self, name, offset, data):
        if data:
            self.written_at.append((name, offset, bytes(data)))
            there = self.files[name][offset : offset + len(data)]
            self.overwrote = self.overwrote or there != b"\xff" * len(data)
        MemoryFiles.write_at(self, name, offset, data)


class TornAndDamagedTest(JournalTest):
    def cut_log(self, journal, appended, keep):
        """The log as a cut leaves it while the last append (``appended`` bytes) was
        programmed: its first ``keep`` bytes done, the rest still erased."""
        log = bytearray(self.raw("1.l%d" % journal.log))
        start = journal.log_end - appended
        log[start + keep : journal.log_end] = b"\xff" * (appended - keep)
        self.overwrite("1.l%d" % journal.log, bytes(log))

    def test_every_cut_inside_the_last_append_drops_only_that_append(self):
        journal = self.journal_with(ACTIONS)
        before = self.raw("1.l0")
        journal.append_action("stop", (True, "won"))
        appended = len(action_record("stop")) + len(status_record((True, "won")))
        for keep in range(appended):
            self.overwrite("1.l0", self.raw("1.l0"))
            self.cut_log(journal, appended, keep)
            expected = ACTIONS + ["stop"] if keep >= len(action_record("stop")) else ACTIONS
            self.assertEqual(live_actions(self.reopened())[0], expected, keep)
            self.overwrite("1.l0", before)
            journal = self.reopened()
            live_actions(journal)
            journal.append_action("stop", (True, "won"))

    def test_half_programmed_bits_are_torn_too(self):
        journal = self.journal_with(ACTIONS)
        start = journal.log_end
        journal.append_action("stop")
        log = bytearray(self.raw("1.l0"))
        for index in range(start, journal.log_end):
            log[index] |= 0x5A  # some bits still erased
        self.overwrite("1.l0", bytes(log))
        self.assertEqual(live_actions(self.reopened())[0], ACTIONS)

    def test_after_a_torn_end_the_next_append_goes_to_the_next_log(self):
        journal = self.journal_with(ACTIONS)
        journal.append_action("stop")
        self.cut_log(journal, len(action_record("stop")), 5)
        again = self.reopened()
        self.assertEqual(live_actions(again)[0], ACTIONS)
        again.append_action("roll")
        self.assertEqual(self.logs(), ["1.l0", "1.l1"])
        self.assertEqual(live_actions(self.reopened())[0], ACTIONS + ["roll"])
        self.assertEqual(self.reopened().peek_status(), STATUS)

    def test_a_flipped_byte_before_the_end_ends_the_trusted_records(self):
        journal = self.journal_with(["move %d" % n for n in range(200)])
        self.assertTrue(journal.log_end - HEADER_BYTES > MAX_APPEND + 40)
        whole = bytearray(self.raw("1.l0"))
        opening = len(status_record(STATUS))
        whole[HEADER_BYTES + opening + 20] ^= 0x01  # in the second action's record
        self.overwrite("1.l0", bytes(whole))
        again = self.reopened()
        self.assertEqual(live_actions(again)[0], ["move 0"])
        self.assertTrue(again.broken)

    def test_other_versions_and_foreign_files(self):
        log = self.journal_with(ACTIONS) and self.raw("1.l0")
        other = LOG_MAGIC + b"\x09" + log[5:]
        for data, message in ((other, OTHER_VERSION), (b"JUNK" + log[4:], FOREIGN)):
            self.overwrite("1.l0", data)
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
        journal.tidy()
        self.assertEqual(self.names(), ["2.l0", "head", "head.bad"])


class VersionTwoTest(JournalTest):
    """Saves of the journal's version 2 (a base and two small tails) still resume."""

    def old_save(self, base_actions, tail_actions, status=STATUS):
        safe_write(self.files, FOLDER + "/head", b'{"game": "counting", "seed": 5, '
                   b'"options": {"players": 2, "target": 20}, "gen": 3}')  # fmt: skip
        preamble = records.preamble(b"PAWJ", 2)
        base = b"".join(action_record(action) for action in base_actions)  # no preamble
        self.overwrite("3.b", base)
        begin = records.encode(0x42, len(base).to_bytes(4, "little"))
        tail = begin + status_record(status)
        tail += b"".join(action_record(action) for action in tail_actions)
        self.overwrite("3.t0", preamble + tail)

    def test_an_old_save_resumes_and_goes_on_in_logs(self):
        self.old_save(["a", "b", "c"], ["d", "e"], (False, "turn 4"))
        journal = self.reopened()
        self.assertEqual(journal.peek_status(), (False, "turn 4"))
        self.assertEqual(live_actions(journal)[0], ["a", "b", "c", "d", "e"])
        journal.append_undo((False, "turn 3"))
        journal.append_action("f")
        self.assertTrue("3.l0" in self.names())
        self.assertEqual(live_actions(self.reopened())[0], ["a", "b", "c", "d", "f"])
        self.assertEqual(self.reopened().peek_status(), (False, "turn 3"))

    def test_a_tail_merged_already_is_not_read_twice(self):
        self.old_save(["a", "b"], ["c"])
        stale = records.encode(0x42, bytes(4)) + action_record("b")
        self.overwrite("3.t1", records.preamble(b"PAWJ", 2) + stale)
        self.assertEqual(live_actions(self.reopened())[0], ["a", "b", "c"])


class OnRealFilesTest(unittest.TestCase):
    def setUp(self):
        self.folder = make_scratch_dir("pawtrack-journal")
        self.files = OsFiles(self.folder)
        self.files.mkdir("saves")

    def tearDown(self):
        remove_scratch_dir(self.folder)

    def test_round_trip_across_logs_with_undos(self):
        journal = Journal(self.files, FOLDER)
        journal.start("counting", OPTIONS, 7, STATUS)
        expected = []
        for count in range(450):
            if count % 7 == 6:
                journal.append_undo()
                expected.pop()
            else:
                journal.append_action("go %d" % count)
                expected.append("go %d" % count)
            if journal.needs_tidy():
                journal.tidy()
        again = Journal(self.files, FOLDER)
        again.load_head()
        self.assertEqual(live_actions(again)[0], expected)
        self.assertTrue(again.log > 0)
        for name in self.files.listdir(FOLDER):
            if ".l" in name:
                self.assertEqual(self.files.size(FOLDER + "/" + name), LOG_BYTES)


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
        write_new(self.files, "settings.bin", records.preamble(b"PAWJ", 2) + action_record("roll"))
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
