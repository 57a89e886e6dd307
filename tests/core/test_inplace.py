"""The in-place writer: a one-block file's erased bytes programmed on the flash under it.

A toy filesystem keeps each file in a block of a simulated NOR flash (programs
only clear bits), as LittleFS keeps a one-block file, so the tests see what
the writer does to the flash and what the file then reads back. Runs on
CPython and MicroPython.
"""

import unittest

from pawtrack.inplace import HEAD_BYTES, MARK_BYTES, PAGE_BYTES, InPlaceWriter

BLOCK = 4096
BLOCKS = 16


class NorFlash:
    """Blocks of flash with MicroPython's block-device methods; counts what is written."""

    def __init__(self):
        self.data = bytearray(b"\xff" * (BLOCK * BLOCKS))
        self.writes = []  # (block, offset, length)

    def readblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        buf[:] = self.data[start : start + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        assert offset % PAGE_BYTES == 0 and len(buf) % PAGE_BYTES == 0
        self.writes.append((block, offset, len(buf)))
        start = block * BLOCK + offset
        for i in range(len(buf)):
            self.data[start + i] &= buf[i]


class BlockFiles:
    """Files of one block each on a NorFlash, found by name; a file written anew gets a
    fresh block, as on LittleFS (the old one keeps its bytes until it is reused)."""

    def __init__(self, flash):
        self.flash = flash
        self.blocks = {}
        self.next_block = 3

    def make(self, name, content):
        block = self.next_block
        self.next_block += 1
        start = block * BLOCK
        self.flash.data[start : start + BLOCK] = b"\xff" * BLOCK
        self.flash.data[start : start + len(content)] = content
        self.blocks[name] = block
        return block

    def size(self, name):
        if name not in self.blocks:
            raise OSError(2, name)
        return BLOCK

    def open(self, name, mode):
        block = self.blocks[name]
        return Reading(self.flash.data[block * BLOCK : (block + 1) * BLOCK])

    def read(self, name):
        block = self.blocks[name]
        return bytes(self.flash.data[block * BLOCK : (block + 1) * BLOCK])


class Reading:
    def __init__(self, data):
        self.data = data

    def read(self, size):
        return bytes(self.data[:size])

    def close(self):
        pass


def log_like(tag):
    """A file as the journal makes its logs: a distinct head, its mark left erased."""
    head = (b"LOG-" + tag + b"-----")[: HEAD_BYTES - MARK_BYTES] + b"\xff" * MARK_BYTES
    return head + b"\xff" * (BLOCK - HEAD_BYTES)


class InPlaceTest(unittest.TestCase):
    def setUp(self):
        self.flash = NorFlash()
        self.files = BlockFiles(self.flash)
        self.writer = InPlaceWriter(self.files, self.flash, BLOCK, BLOCKS)

    def test_bytes_go_into_the_files_block_a_page_at_a_time(self):
        block = self.files.make("a.l0", log_like(b"a"))
        self.files.make("b.l0", log_like(b"b"))
        before = bytes(self.flash.data)
        self.assertTrue(self.writer.write("a.l0", 250, b"0123456789"))
        content = self.files.read("a.l0")
        self.assertEqual(content[250:260], b"0123456789")
        self.assertEqual(content[:250], log_like(b"a")[:250])
        self.assertTrue(content[260:] == b"\xff" * (BLOCK - 260))
        # two pages (the bytes cross 256), both in the file's block; nothing else changed
        self.assertEqual(self.flash.writes, [(block, 0, PAGE_BYTES), (block, 256, PAGE_BYTES)])
        changed = [i for i in range(len(before)) if before[i] != self.flash.data[i]]
        self.assertEqual(changed, list(range(block * BLOCK + 250, block * BLOCK + 260)))

    def test_the_block_is_found_once_and_kept(self):
        self.files.make("a.l0", log_like(b"a"))
        self.writer.write("a.l0", 16, b"x")
        self.files.blocks["a.l0"] = 0  # were it looked up again, it would be elsewhere now
        self.writer.write("a.l0", 17, b"y")
        self.assertEqual(self.files.read("a.l0")[:2], b"\xff\xff")
        self.writer.forget("a.l0")  # written anew, removed or renamed: looked up again
        self.flash.data[0:BLOCK] = log_like(b"a")[:16] + b"x" + b"\xff" * (BLOCK - 17)
        self.writer.write("a.l0", 18, b"z")
        self.assertEqual(self.files.read("a.l0")[16:19], b"x\xffz")

    def test_a_block_left_over_with_the_same_head_is_told_apart_by_a_mark(self):
        stale = self.files.make("a.l0", log_like(b"a"))  # a cut while it was made ...
        block = self.files.make("a.l0", log_like(b"a"))  # ... and made again
        self.assertTrue(stale < block)  # so the stale one is met first
        self.assertTrue(self.writer.write("a.l0", 100, b"record"))
        self.assertEqual(self.files.read("a.l0")[100:106], b"record")
        self.assertEqual(self.writer.marks, 2)  # the stale block's mark did not show
        stale_bytes = self.flash.data[stale * BLOCK : (stale + 1) * BLOCK]
        self.assertTrue(stale_bytes[HEAD_BYTES:] == b"\xff" * (BLOCK - HEAD_BYTES))
        # marked, the file is told apart from then on without a new mark
        self.writer.forget("a.l0")
        self.assertTrue(self.writer.write("a.l0", 106, b"!"))
        self.assertEqual(self.writer.marks, 2)
        self.assertEqual(self.files.read("a.l0")[100:107], b"record!")

    def test_what_it_cannot_find_it_does_not_write(self):
        self.assertFalse(self.writer.write("missing", 16, b"x"))
        self.files.make("a.l0", log_like(b"a"))
        self.files.size = lambda name: 2 * BLOCK  # not a one-block file
        self.assertFalse(self.writer.write("a.l0", 16, b"x"))
        self.assertFalse(self.writer.write("a.l0", BLOCK - 1, b"xy"))
        self.assertEqual(self.flash.writes, [])

    def test_an_empty_write_only_finds_the_block(self):
        self.files.make("a.l0", log_like(b"a"))
        self.assertTrue(self.writer.write("a.l0", 16, b""))
        self.assertEqual(self.flash.writes, [])
        self.assertTrue("a.l0" in self.writer.found)


if __name__ == "__main__":
    unittest.main()
