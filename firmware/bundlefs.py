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

    b"PAWB" | version u8 | index length u32 (little-endian) | index | data
    index = one line per module and per folder, each line starting with "\n":
            "\n" "/" name "\t" offset in data "\t" size "\t" crc32 (decimal)
            "\n" "/" folder "\t" "-"

The names start with "/" as MicroPython's VFS layer asks for them, so a
``stat`` (three for every import) is one dict lookup. That dict is made at
mount, one line at a time (about 10 ms for a hundred modules on the
emulated Pico, where every Python step takes microseconds); searching the
index for every lookup instead (a bisection, or ``bytes.find``) cost 1-2 ms
per lookup, several times more over a boot.

``BundleFS`` implements the few methods MicroPython's VFS layer calls on a
mounted object (``stat``, ``open``, ``ilistdir``, ...). The file stays open.
``open`` hands a small module (up to 4 KiB) over in one piece and a bigger one
in the 255-byte pieces MicroPython's loader reads (``ModuleReader``): a 7 KiB
module read whole could find no block that big on a fragmented heap (a
MemoryError measured on the emulated Pico). Either way the CRC-32 is checked,
so a damaged bundle fails with a clear OSError (and the import with it)
instead of running garbage. The frozen one-file firmware (``make uf2``) has no
bundle file: ``mount()`` then returns False and changes nothing.
"""

import io
import sys
from errno import EACCES, ENOENT

try:
    from binascii import crc32
except ImportError:  # a MicroPython build without it: the bytes go unchecked
    crc32 = None

MAGIC = b"PAWB"
VERSION = 3
HEADER = 9  # magic, version, index length
FOLDER_MARK = 0x2D  # "-" in place of a folder's offset
IS_FOLDER = b""  # what the lookup dict holds for a folder
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
        size = int.from_bytes(head[5:9], "little")
        self.data_start = HEADER + size
        lines = {"/": IS_FOLDER}  # "/name" -> its index line (IS_FOLDER for a folder)
        for line in self.file.read(size).split(b"\n"):
            tab = line.find(b"\t")
            if tab > 0:
                lines[line[:tab].decode()] = IS_FOLDER if line[tab + 1] == FOLDER_MARK else line
        self.lines = lines

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
        line = self.lines.get(path if path[:1] == "/" else "/" + path)
        if line is None:
            raise OSError(ENOENT)
        if line is IS_FOLDER:
            return DIR_STAT
        return (FILE_MODE, 0, 0, 0, 0, 0, int(line.split(b"\t")[2]), 0, 0, 0)

    def open(self, path, mode):
        raise_if_interrupted()
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(EACCES)  # read-only
        name = path if path[:1] == "/" else "/" + path
        line = self.lines.get(name)
        if not line:
            raise OSError(ENOENT)
        fields = line.split(b"\t")
        size = int(fields[2])
        check = int(fields[3])
        start = self.data_start + int(fields[1])
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

    def names(self):
        """[(name without the leading "/", is a folder)] of every entry."""
        entries = self.lines.items()
        return sorted((key[1:], line is IS_FOLDER) for key, line in entries if key != "/")

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
