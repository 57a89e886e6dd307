"""The firmware bundle: every compiled module of pawtrack in one file, mounted as a filesystem.

``make flash`` does not copy sixty ``.mpy`` files into folders on the Pico: it
writes them into one file, ``/pawtrack.bundle``, and main.py mounts that file
read-only at ``/bundle`` (``mount()``), ahead of the filesystem on
``sys.path``. The reason is time. MicroPython finds a module by asking the
filesystem for three names in the module's folder and then opening it, and
on the Pico's LittleFS each of those looks walks the folders' metadata from
the root: measured on the emulated Pico, importing a small module from
``/lib/pawtrack/ui`` took about 10 ms, the same module from a bundle about
3 ms, and the main menu came up 100 ms sooner. The bundle is also one file to
copy instead of sixty.

File layout (integers little-endian)::

    b"PAWB" | version u8 | index length u32 | index | data
    index = one line per module and per folder, each starting with a newline:
            "\n" name "\t" offset in data "\t" size "\t" crc32 (decimal)
            "\n" folder "\t" "-"

``BundleFS`` implements the few methods MicroPython's VFS layer calls on a
mounted object (``stat``, ``open``, ``ilistdir``, ...). It keeps the index as
the bytes it read plus one dict from each name (and each folder) to where its
line starts, and reads a line's numbers only when the module is opened: a
JSON index took 18 ms to parse at boot on the Pico, and searching the bytes
for every stat took 2 ms each (MicroPython's ``bytes.find`` compares at every
position). The file stays open; ``open`` reads one module's bytes and checks its CRC-32, so a
damaged bundle fails with a clear OSError (and the import with it) instead of
running garbage. The frozen one-file firmware (``make uf2``) has no bundle file:
``mount()`` then returns False and changes nothing.
"""

import io
import sys
from errno import EACCES, ENOENT

try:
    from binascii import crc32
except ImportError:  # CPython without binascii.crc32 does not exist; a MicroPython build might
    crc32 = None

MAGIC = b"PAWB"
VERSION = 1
HEADER = 9  # magic, version, index length
BUNDLE_PATH = "/pawtrack.bundle"
MOUNT_POINT = "/bundle"
DIR_MODE = 0x4000
FILE_MODE = 0x8000
FOLDER_LINE = -1
FOLDER_MARK = 0x2D  # "-" where a folder's line would have its offset
GET_BUFFER_SIZE = 11  # MP_STREAM_GET_BUFFER_SIZE (py/stream.h)
READ_PIECE = 255
WHOLE_READ = 4096  # modules up to this size are read in one piece (faster to load)
DAMAGED = "%s in the firmware bundle is damaged: run make flash again"


class BundleError(OSError):
    """The bundle file is not one, or a module in it is damaged."""


_pending = [False]  # a Ctrl-C caught during stat, still to be raised


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
        size = int.from_bytes(head[5:9], "little")
        index = self.file.read(size)
        self.index = index
        self.data_start = HEADER + size
        lines = {b"": FOLDER_LINE}  # name -> where its line starts; folders -> FOLDER_LINE
        start = 0
        while start < size:
            tab = index.find(b"\t", start)
            end = index.find(b"\n", tab)
            if end < 0:
                end = size
            folder = index[tab + 1] == FOLDER_MARK
            lines[index[start + 1 : tab]] = FOLDER_LINE if folder else start
            start = end
        self.lines = lines

    def entry(self, name):
        """(offset, size, crc32) of a module, or None."""
        start = self.lines.get(name.encode(), FOLDER_LINE)
        if start == FOLDER_LINE:
            return None
        end = self.index.find(b"\n", start + 1)
        fields = self.index[start + 1 : end if end >= 0 else len(self.index)].split(b"\t")
        return int(fields[1]), int(fields[2]), int(fields[3])

    def is_folder(self, name):
        return self.lines.get(name.encode()) == FOLDER_LINE

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
        name = path.strip("/")
        entry = self.entry(name)
        if entry is not None:
            return (FILE_MODE, 0, 0, 0, 0, 0, entry[1], 0, 0, 0)
        if self.is_folder(name):
            return (DIR_MODE, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(ENOENT)

    def open(self, path, mode):
        raise_if_interrupted()
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(EACCES)  # read-only
        name = path.strip("/")
        entry = self.entry(name)
        if entry is None:
            raise OSError(ENOENT)
        offset, size, check = entry
        start = self.data_start + offset
        if size <= WHOLE_READ:
            try:
                self.file.seek(start)
                data = self.file.read(size)
            except MemoryError:
                data = None  # no room for it in one piece: read it in pieces below
            if data is not None:
                if len(data) != size or (crc32 is not None and crc32(data) & 0xFFFFFFFF != check):
                    raise BundleError(DAMAGED % name)
                return io.BytesIO(data)
        return ModuleReader(self.file, start, size, check, name)

    def ilistdir(self, path):
        folder = path.strip("/")
        prefix = folder + "/" if folder else ""
        seen = []
        for line in self.index.decode().split("\n"):
            fields = line.split("\t")
            if not fields[0].startswith(prefix):
                continue
            rest = fields[0][len(prefix) :]
            child = rest.split("/")[0]
            if child and child not in seen:
                seen.append(child)
                folder = "/" in rest or fields[1:2] == ["-"]
                yield (child, DIR_MODE if folder else FILE_MODE, 0)

    def chdir(self, path):
        pass

    def getcwd(self):
        return "/"

    def statvfs(self, path):
        return (4096, 4096, 0, 0, 0, 0, 0, 0, 0, 255)


class ModuleReader(io.IOBase):
    """One module's bytes, read from the bundle in the small pieces MicroPython's loader asks
    for (never the whole module at once: on a fragmented heap a 7 KiB block may not exist).
    The CRC-32 is checked as the bytes go by; a mismatch raises at the end of the module."""

    def __init__(self, file, start, size, check, name):
        self.file = file
        self.position = start
        self.left = size
        self.check = check
        self.crc = 0
        self.name = name

    def readinto(self, buffer):
        if self.left <= 0:
            if crc32 is not None and self.crc & 0xFFFFFFFF != self.check:
                self.check = self.crc  # say it once
                raise BundleError(DAMAGED % self.name)
            return 0
        self.file.seek(self.position)
        wanted = memoryview(buffer)[: min(len(buffer), self.left)]
        count = self.file.readinto(wanted)
        if not count:
            raise BundleError("the bundle ends inside %s: run make flash again" % self.name)
        if crc32 is not None:
            self.crc = crc32(wanted[:count], self.crc)
        self.position += count
        self.left -= count
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
        self.check = self.crc

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def mount(path=BUNDLE_PATH, point=MOUNT_POINT):
    """Mount the bundle and search it before the filesystem; False if there is none.

    A soft reset (mpremote's raw REPL) unmounts it: host tools that run code
    using pawtrack on the board call this first.

    Frozen modules stay first on ``sys.path`` (main.py put them there)."""
    import os

    try:
        os.stat(path)
    except OSError:
        return False  # no bundle: the frozen firmware, or files copied by hand
    bundle = BundleFS(path)
    import vfs

    try:
        vfs.mount(bundle, point, readonly=True)
    except OSError:
        bundle.umount()  # mounted already (a second call without a soft reset)
    if point not in sys.path:
        place = 1 if sys.path and sys.path[0] == ".frozen" else 0
        sys.path.insert(place, point)
    return True
