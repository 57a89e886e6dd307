"""Writing the erased bytes of a file in place, on the flash under the filesystem.

LittleFS (the Pico's filesystem) never writes a block twice: appending even
one byte to a file copies its last block to a new one (a 4 KiB erase, about
45 ms on the Pico) and commits the change to its folder's metadata, which
fills after a dozen commits and is then compacted (another erase). The
journal (``pawtrack.journal``) therefore writes a match into *logs*: files
written whole once, a short header and then erased bytes (0xFF), whose
erased bytes it later fills with records. NOR flash programs erased bytes
without an erase, in 256-byte pages (0.6 ms each), and LittleFS keeps a
file's data as it is, with no checksum of its own, so the file read back
through LittleFS holds what was programmed.

``InPlaceWriter(files, device, block_size, block_count)`` does the
programming for files of exactly one block (a log is 4096 bytes: LittleFS
stores the first block of a file with no pointers in it, so the file's byte
n is byte n of its block). ``device`` is the raw flash under the filesystem
with MicroPython's block-device methods, offsets included:
``readblocks(block, buf, offset)`` and ``writeblocks(block, buf, offset)``
(the rp2 port's ``rp2.Flash()``; the power-cut test's simulated flash).

Finding the block: the file's first ``HEAD_BYTES`` bytes (the log's header:
its game's generation, its number and a nonce) are read through the
filesystem and every block's first bytes compared with them (352 short
reads on the Pico, a few milliseconds; the result is kept until the file is
written, removed or renamed through ``forget``). Two blocks can match: a
block a power cut left behind while the same file was being made (LittleFS
had written the data but not yet the metadata that names it) or one of a
file of the same name made before and since removed. The last ``MARK_BYTES``
of the header are left erased when a file is made for this: a mark is then
programmed into each candidate in turn, and the one whose mark the file
shows through the filesystem is the file's. Programming a mark into a block
the filesystem does not use is harmless (it erases blocks before it uses
them).

``write(name, offset, data)`` programs ``data`` at ``offset`` of the file,
a page at a time with 0xFF around the new bytes (programming 0xFF leaves a
byte as it is): the bytes there must be erased. It returns False when
``name`` is not a one-block file found on this flash; the caller then writes
through the filesystem as usual.
"""

from pawtrack import const

PAGE_BYTES = const(256)  # the flash's program unit (the RP2040's boot ROM programs pages)
HEAD_BYTES = const(16)  # what identifies a file's block
MARK_BYTES = const(4)  # the end of the head: erased when made, then maybe a mark


def blank_page():
    """A page of erased bytes (programming 0xFF leaves a byte as it is)."""
    return bytearray(b"\xff" * PAGE_BYTES)


class InPlaceWriter:
    def __init__(self, files, device, block_size=4096, block_count=0):
        self.files = files
        self.device = device
        self.block_size = block_size
        self.block_count = block_count
        self.found = {}  # name -> its block, until the file is written or removed
        self.probe = bytearray(HEAD_BYTES)
        self.marks = 0  # marks programmed (tells the tests that a tie was broken)

    def forget(self, name):
        """``name`` is about to be written, removed or renamed: its block is not known."""
        self.found.pop(name, None)

    def write(self, name, offset, data):
        """Program ``data`` into the erased bytes at ``offset`` of the one-block file
        ``name``; False (nothing written) if it is not such a file on this flash."""
        if offset < 0 or offset + len(data) > self.block_size:
            return False
        block = self.locate(name)
        if block is None:
            return False
        if not data:
            return True  # found: the next write does not look for it
        end = offset + len(data)
        page_start = offset - offset % PAGE_BYTES
        page = blank_page()  # made for each write: nothing kept on the heap between them
        while page_start < end:
            first = max(offset, page_start)
            last = min(end, page_start + PAGE_BYTES)
            page[first - page_start : last - page_start] = data[first - offset : last - offset]
            self.device.writeblocks(block, page, page_start)
            page_start += PAGE_BYTES
            if page_start < end:
                page = blank_page()
        return True

    def locate(self, name):
        """The block holding the one-block file ``name`` (kept), or None."""
        block = self.found.get(name)
        if block is not None:
            return block
        head = self.read_head(name)
        if head is None:
            return None
        probe = self.probe
        candidates = []
        for block in range(self.block_count):
            self.device.readblocks(block, probe, 0)
            if probe == head:
                candidates.append(block)
        if len(candidates) > 1:
            block = self.break_tie(name, head, candidates)
        elif candidates:
            block = candidates[0]
        else:
            block = None
        if block is not None:
            self.found[name] = block
        return block

    def read_head(self, name):
        """The first HEAD_BYTES of the file through the filesystem, or None if it is not
        exactly one block long."""
        try:
            if self.files.size(name) != self.block_size:
                return None
            f = self.files.open(name, "rb")
        except OSError:
            return None
        try:
            head = f.read(HEAD_BYTES)
        finally:
            f.close()
        return bytearray(head) if len(head) == HEAD_BYTES else None

    def break_tie(self, name, head, candidates):
        """Of several blocks that start like the file, the one that is the file's: each
        gets a mark in turn until the file shows it. None if the mark is not free."""
        mark_at = HEAD_BYTES - MARK_BYTES
        if head[mark_at:] != b"\xff" * MARK_BYTES:
            return None  # marked before, and still more than one block shows that mark
        for block in candidates:
            self.marks += 1
            mark = bytes((self.marks & 0xFF, block & 0xFF, (block >> 8) & 0xFF, 0x5A))
            page = blank_page()
            page[mark_at:HEAD_BYTES] = mark
            self.device.writeblocks(block, page, 0)
            shown = self.read_head(name)
            if shown is not None and shown[mark_at:] == mark:
                return block
        return None
