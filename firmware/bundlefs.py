"""The firmware bundle: every compiled module of pawtrack in one file, mounted as a filesystem.

``make flash`` does not copy a hundred ``.mpy`` files into folders on the
Pico: it writes them into one file, ``/pawtrack.bundle``, and main.py mounts
that file read-only at ``/bundle`` (``mount()``), ahead of the filesystem on
``sys.path``. The reason is time. MicroPython finds a module by asking the
filesystem for three names in the module's folder and then opening it, and on
the Pico's LittleFS each of those looks walks the folders' metadata from the
root: measured on the emulated Pico, importing a small module from
``/lib/pawtrack/ui`` took about 10 ms, the same module from a bundle about
3 ms, and the main menu came up 100 ms sooner. The bundle is also one file to
copy instead of a hundred.

File layout::

    b"PAWB" | version u8 | entry count u16 | names length u32 (all little-endian)
    | table: per entry, offset in data u32, size u32 (0xFFFFFFFF: a folder), Adler-32 u32
    | names: per entry, "\n" "/" name, in the table's order | data

The names start with "/" as MicroPython's VFS layer asks for them, so a
``stat`` (three for every import) is one dict lookup, from the name to its
row in the table. The dict is made at mount (about 13 ms for 94 entries on
the emulated Pico, half of it making the names' strings); it holds only the
names and small integers, and the table stays one bytes object, so the bundle
costs about 10 KiB of heap for as long as the firmware runs (offsets kept as
text, as version 3 did, cost 21 KiB of the Pico's 240).

``BundleFS`` implements the few methods MicroPython's VFS layer calls on a
mounted object (``stat``, ``open``, ``ilistdir``, ...). The file stays open.
``open`` hands a small module (up to 4 KiB) over in one piece and a bigger one
in the 255-byte pieces MicroPython's loader reads (``ModuleReader``): a 7 KiB
module read whole could find no block that big on a fragmented heap (a
MemoryError measured on the emulated Pico). Either way the module's Adler-32
is checked (by Thumb code: the menu came up 6 ms sooner than with binascii's
CRC-32; Adler-32 finds every single-bit and single-byte error, which is what a
damaged flash page looks like), so a damaged bundle fails with a clear OSError (and the
import with it) instead of running garbage. The frozen one-file firmware
(``make uf2``) has no bundle file: ``mount()`` then returns False and changes
nothing.
"""

import io
import sys
from errno import EACCES, ENOENT
from struct import unpack_from

# The most bytes one checksum call takes: the sums below can then pass no 32 bits
# between reductions (zlib's NMAX). The bundle checks at most WHOLE_READ at once.
ADLER_RUN = 5552

if sys.implementation.name == "micropython":
    # The bundle's modules are checked with Thumb code: binascii's CRC-32 (about 24
    # cycles a byte, and a Python call per piece) cost the main menu 9 ms on the
    # emulated Pico. This needs the inline assembler, which the RP2040's and RP2350's
    # MicroPython have; builds without it cannot compile this file (main.py then goes
    # on without the bundle, as it does on the frozen firmware).
    import micropython

    @micropython.asm_thumb
    def adler32(r0, r1, r2) -> uint:
        # zlib's Adler-32 of the r1 (0 to ADLER_RUN) bytes at r0, continuing from r2
        lsr(r4, r2, 16)  # b
        lsl(r3, r2, 16)
        lsr(r3, r3, 16)  # a
        cmp(r1, 0)
        ble(REDUCE)
        label(LOOP)
        ldrb(r5, [r0, 0])
        add(r3, r3, r5)
        add(r4, r4, r3)
        add(r0, 1)
        sub(r1, 1)
        bgt(LOOP)
        label(REDUCE)
        # x mod 65521 (2**16 - 15): x = (x & 0xFFFF) + 15 * (x >> 16) twice leaves
        # x below 2 * 65521 (a starts below 2**21, b below 2**32), then one subtract
        mov(r7, 0xFF)
        lsl(r7, r7, 8)
        add(r7, 0xF1)  # 65521
        mov(r2, 2)
        label(FOLD)
        lsr(r5, r3, 16)
        lsl(r3, r3, 16)
        lsr(r3, r3, 16)
        lsl(r6, r5, 4)
        sub(r6, r6, r5)
        add(r3, r3, r6)
        lsr(r5, r4, 16)
        lsl(r4, r4, 16)
        lsr(r4, r4, 16)
        lsl(r6, r5, 4)
        sub(r6, r6, r5)
        add(r4, r4, r6)
        sub(r2, 1)
        bgt(FOLD)
        cmp(r3, r7)
        bcc(A_DONE)
        sub(r3, r3, r7)
        label(A_DONE)
        cmp(r4, r7)
        bcc(B_DONE)
        sub(r4, r4, r7)
        label(B_DONE)
        lsl(r4, r4, 16)
        orr(r4, r3)
        mov(r0, r4)

else:
    import zlib

    def adler32(data, size, value):
        """zlib's Adler-32 of the first ``size`` bytes of ``data``, continuing ``value``."""
        return zlib.adler32(bytes(data[:size]), value)


MAGIC = b"PAWB"
VERSION = 5
HEADER = 11  # magic, version, entry count, names length
ROW = 12  # a table row: offset, size, Adler-32
FOLDER_SIZE = 0xFFFFFFFF  # the size a folder's row holds
BUNDLE_PATH = "/pawtrack.bundle"
MOUNT_POINT = "/bundle"
DIR_MODE = 0x4000
FILE_MODE = 0x8000
DIR_STAT = (DIR_MODE, 0, 0, 0, 0, 0, 0, 0, 0, 0)
GET_BUFFER_SIZE = 11  # MP_STREAM_GET_BUFFER_SIZE (py/stream.h)
READ_PIECE = 255
WHOLE_READ = 4096  # modules up to this size are read in one piece (faster to load)
DAMAGED = "%s in the firmware bundle is damaged: run make flash again"

_pending = [False]  # a Ctrl-C caught during stat, still to be raised


class BundleError(OSError):
    """The bundle file is not one, or a module in it is damaged."""


def raise_if_interrupted():
    """Raise the KeyboardInterrupt a stat() caught, if any (the firmware's loop calls this)."""
    if _pending[0]:
        _pending[0] = False
        raise KeyboardInterrupt


class BundleFS:
    def __init__(self, path=BUNDLE_PATH, opener=open):
        self.file = opener(path, "rb")
        head = self.file.read(HEADER)
        if len(head) != HEADER or head[:4] != MAGIC or head[4] != VERSION:
            self.file.close()
            raise BundleError("%s is not a pawtrack bundle of version %d" % (path, VERSION))
        count, names_size = unpack_from("<HI", head, 5)
        self.table = self.file.read(count * ROW)
        names = str(self.file.read(names_size), "utf-8").split("\n")
        if len(self.table) != count * ROW or len(names) != count + 1:
            self.file.close()
            raise BundleError("%s ends inside its index: run make flash again" % path)
        self.data_start = HEADER + count * ROW + names_size
        # "/name" -> its row in the table (-1: the root folder), made in C.
        names[0] = "/"
        self.rows = dict(zip(names, range(-1, count)))

    def entry(self, path):
        """(offset, size, Adler-32) of a name (FOLDER_SIZE: a folder); OSError if none."""
        row = self.rows.get(path if path[:1] == "/" else "/" + path)
        if row is None:
            raise OSError(ENOENT)
        if row < 0:
            return 0, FOLDER_SIZE, 0
        return unpack_from("<III", self.table, row * ROW)

    # -- what MicroPython's VFS layer calls -------------------------------------

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.file.close()

    def stat(self, path):
        # MicroPython calls this while importing and takes ANY exception from it
        # for "no such module" (extmod/vfs.c, mp_vfs_import_stat): a Ctrl-C that
        # lands here would vanish (and mpremote could not take over the board),
        # and a MemoryError would become an ImportError. So finish the lookup,
        # and hand the Ctrl-C on: the next open() raises it, or the firmware's
        # loop does (raise_if_interrupted).
        while True:
            try:
                return self.lookup(path)
            except KeyboardInterrupt:
                _pending[0] = True
            except MemoryError:
                import gc

                gc.collect()

    def lookup(self, path):
        size = self.entry(path)[1]
        if size == FOLDER_SIZE:
            return DIR_STAT
        return (FILE_MODE, 0, 0, 0, 0, 0, size, 0, 0, 0)

    def open(self, path, mode):
        raise_if_interrupted()
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(EACCES)  # read-only
        offset, size, check = self.entry(path)
        if size == FOLDER_SIZE:
            raise OSError(ENOENT)
        name = path if path[:1] == "/" else "/" + path
        start = self.data_start + offset
        if size <= WHOLE_READ:
            try:
                self.file.seek(start)
                data = self.file.read(size)
            except MemoryError:
                data = None  # no room for it in one piece: read it in pieces below
            if data is not None:
                if len(data) != size or adler32(data, size, 1) != check:
                    raise BundleError(DAMAGED % name)
                return io.BytesIO(data)
        return ModuleReader(self.file, start, size, check, name)

    def names(self):
        """[(name without the leading "/", is a folder)] of every entry."""
        found = []
        for key in self.rows:
            if key != "/":
                found.append((key[1:], self.entry(key)[1] == FOLDER_SIZE))
        return sorted(found)

    def ilistdir(self, path):
        folder = path.strip("/")
        prefix = folder + "/" if folder else ""
        for name, is_folder in self.names():
            rest = name[len(prefix) :]
            if name.startswith(prefix) and rest and "/" not in rest:
                yield (rest, DIR_MODE if is_folder else FILE_MODE, 0)

    def chdir(self, path):
        pass

    def getcwd(self):
        return "/"

    def statvfs(self, path):
        return (4096, 4096, 0, 0, 0, 0, 0, 0, 0, 255)


class ModuleReader(io.IOBase):
    """One module's bytes, read from the bundle in the small pieces MicroPython's loader asks
    for (never the whole module at once: on a fragmented heap a 7 KiB block may not exist).
    The Adler-32 is summed as the bytes go by and checked when the last one is handed over:
    MicroPython's loader stops asking once it has the whole module, and runs it at once."""

    def __init__(self, file, start, size, check, name):
        self.file = file
        self.position = start
        self.left = size
        self.check = check
        self.sum = 1  # Adler-32 of nothing
        self.name = name

    def readinto(self, buffer):
        if self.left <= 0:
            return 0
        self.file.seek(self.position)
        wanted = memoryview(buffer)[: min(len(buffer), self.left, ADLER_RUN)]
        count = self.file.readinto(wanted)
        if not count:
            raise BundleError("the bundle ends inside %s: run make flash again" % self.name)
        self.sum = adler32(wanted, count, self.sum)
        self.position += count
        self.left -= count
        if self.left <= 0 and self.sum != self.check:
            raise BundleError(DAMAGED % self.name)
        return count

    def read(self, size=-1):
        out = b""
        chunk = bytearray(256)
        while size < 0 or len(out) < size:
            count = self.readinto(chunk if size < 0 else memoryview(chunk)[: size - len(out)])
            if not count:
                break
            out += bytes(chunk[:count])
        return out

    def ioctl(self, request, argument):
        # The loader's buffer: MicroPython takes up to 255 bytes at a time (extmod/vfs_reader.c).
        return READ_PIECE if request == GET_BUFFER_SIZE else 0

    def close(self):
        self.left = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def mount(path=BUNDLE_PATH, point=MOUNT_POINT):
    """Mount the bundle and search it before the filesystem; False if there is none.

    A soft reset (mpremote's raw REPL) unmounts it: host tools that run code
    using pawtrack on the board call this first.
    Frozen modules stay first on ``sys.path`` (main.py put them there)."""
    try:
        file = open(path, "rb")  # (no stat first: on the Pico each one walks the folders)
    except OSError:
        return False  # no bundle: the frozen firmware, or files copied by hand
    bundle = BundleFS(path, opener=lambda _path, _mode: file)
    import vfs

    try:
        vfs.mount(bundle, point, readonly=True)
    except OSError:
        bundle.umount()  # mounted already (a second call without a soft reset)
    if point not in sys.path:
        place = 1 if sys.path and sys.path[0] == ".frozen" else 0
        sys.path.insert(place, point)
    return True
