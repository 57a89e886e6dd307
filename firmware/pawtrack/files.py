"""The little filesystem interface the core writes through, and safe small files.

The core never calls ``open`` or ``os`` itself. It is handed a *files* object
with these methods (names are relative to the object's root; "/" separates
folders)::

    open(name, mode)      # binary modes only: "rb", "wb", "ab"; returns a file
                          # with read(), write(), flush(), close()
    rename(src, dst)      # replaces dst if it exists (atomic on LittleFS)
    remove(name)          # raises OSError if missing
    exists(name)          # True or False, never raises
    size(name)            # bytes; raises OSError if missing
    listdir(folder="")    # names in a folder
    mkdir(name)           # a folder; raises OSError if it exists
    is_dir(name)          # True for a folder, never raises
    rmdir(name)           # an empty folder
    write_at(name, offset, data)  # data over the bytes at offset of an existing file,
                          # whose size stays; on flash written at once (the journal's
                          # logs, see pawtrack.journal: those bytes were never written)

``OsFiles(root)`` implements it with the interpreter's own ``os`` and ``open``:
on the device over LittleFS (root "/"), in the simulator over a host folder,
in the tests over a temporary folder. ``OsFiles(root, flash)`` is the Pico's:
``flash`` is the raw block device under the filesystem (``rp2.Flash()``), and
``write_at`` programs the bytes straight into the flash block of a one-block
file (``pawtrack.inplace``: a page program, no LittleFS commit and no erase);
writing, removing or renaming a file through it forgets the block found for
it. A file it cannot find there is written through ``open`` as usual.
``pawtrack.memfiles.MemoryFiles()`` keeps the files in a dict (tests, and host
tools that need no state). The power-cut tests supply others over
littlefs-python and over a FAT image.

Rename: LittleFS (the Pico's filesystem under MicroPython) replaces an
existing destination in one atomic metadata commit, and so do POSIX hosts;
CPython on Windows needs ``os.replace``. FAT (CircuitPython's CIRCUITPY)
refuses to rename over a file, so there ``rename`` removes the destination
first: a power cut between the two loses both names, and one in the middle of
a FAT rename can leave two names on one chain of clusters. A files object
whose ``atomic_rename`` is False (``pawtrack.hal.circuitpython``) gets safe
files written without renames (below).

A stray folder where a temporary file should go (``settings.json.tmp``) is
cleared away: the ``.tmp`` names belong to these functions. A file where
``make_folders`` wants a folder (``saves``) is set aside like a damaged file.

Safe small files (settings and the like): ``safe_write(files, name, data)``
first writes the whole new file as ``name + ".tmp"``. Where rename is atomic
it then renames that over ``name``; elsewhere it rewrites ``name`` in place
and removes the ``.tmp`` after, so a complete copy exists at every instant.
After a power cut the file holds either the old or the new bytes, never a mix.
The file is framed like the journal (see ``pawtrack.records`` and
docs/journal.md): the preamble ``PAWS`` + version 1, then exactly one record
of kind 0x53 ("S") holding the data. ``safe_read(files, name)`` returns
``(data, message)``:

* ``(bytes, None)`` for a good file,
* ``(bytes, None)`` also when ``name`` is missing or incomplete but
  ``name + ".tmp"`` is a good file: the power went while the new copy was
  being put in place; the copy is taken and ``name`` rewritten from it,
* ``(None, None)`` when there is no file,
* ``(None, "Settings damaged; set aside.")`` (or the ``what`` given) for a
  file that fails any check; the file is renamed to ``name + ".bad"`` so the
  next start is clean and the bytes stay available for a post-mortem.
"""

import os

SAFE_MAGIC = b"PAWS"
SAFE_VERSION = 1
SAFE_KIND = 0x53
SAFE_MAX_BYTES = 16384

TEMP_SUFFIX = ".tmp"
BAD_SUFFIX = ".bad"


class OsFiles:
    """The files interface over the interpreter's ``os`` module (CPython or MicroPython)."""

    def __init__(self, root="", flash=None):
        # "" means the current folder; "/" the filesystem root on the device.
        self.root = root
        self.flash = flash  # the raw flash under the filesystem, or None
        self.inplace = None  # its InPlaceWriter, made at the first write_at

    def forget(self, name):
        if self.inplace is not None:
            self.inplace.forget(name)

    def path(self, name):
        if not self.root:
            return name
        if self.root.endswith("/"):
            return self.root + name
        return self.root + "/" + name

    def open(self, name, mode):
        if "b" not in mode:
            raise ValueError("files are opened in binary mode")
        if "r" not in mode or "+" in mode:
            self.forget(name)
        return open(self.path(name), mode)

    def rename(self, src, dst):
        self.forget(src)
        self.forget(dst)
        replace = getattr(os, "replace", None)  # CPython; MicroPython has none
        if replace is not None:
            replace(self.path(src), self.path(dst))
            return
        try:
            os.rename(self.path(src), self.path(dst))
        except OSError:
            # FAT will not rename over an existing file.
            if not (self.exists(src) and self.exists(dst)):
                raise
            os.remove(self.path(dst))
            os.rename(self.path(src), self.path(dst))

    def remove(self, name):
        self.forget(name)
        os.remove(self.path(name))

    def exists(self, name):
        try:
            os.stat(self.path(name))
        except OSError:
            return False
        return True

    def size(self, name):
        return os.stat(self.path(name))[6]

    def listdir(self, folder=""):
        return os.listdir(self.path(folder) if folder else (self.root or "."))

    def mkdir(self, name):
        os.mkdir(self.path(name))

    def rmdir(self, name):
        os.rmdir(self.path(name))

    def is_dir(self, name):
        try:
            return os.stat(self.path(name))[0] & DIR_MODE == DIR_MODE
        except OSError:
            return False

    def write_at(self, name, offset, data):
        flash = self.flash
        if flash is not None:
            if self.inplace is None:
                from pawtrack.inplace import InPlaceWriter

                self.inplace = InPlaceWriter(self, flash, flash.ioctl(5, 0), flash.ioctl(4, 0))
            if self.inplace.write(name, offset, data):
                return
            self.inplace.forget(name)  # written through the filesystem: its block may move
        if not data:
            return
        f = open(self.path(name), "r+b")
        try:
            f.seek(offset)
            f.write(data)
            f.flush()
        finally:
            f.close()


DIR_MODE = 0x4000  # S_IFDIR in os.stat()[0], on CPython and MicroPython alike


def read_all(files, name):
    """The whole content of a file as bytes (OSError if it cannot be read)."""
    f = files.open(name, "rb")
    try:
        return f.read()
    finally:
        f.close()


def write_new(files, name, data):
    """Write ``data`` as the whole content of ``name``, flushed and closed."""
    f = files.open(name, "wb")
    try:
        f.write(data)
        f.flush()
    finally:
        f.close()


def replace_file(files, name, data):
    """Give ``name`` the content ``data`` so that a complete copy exists at every instant.

    A temp file gets the whole of ``data`` first; then it is renamed over
    ``name`` where that is atomic, or else ``name`` is rewritten in place and
    the temp file removed (see the module docstring)."""
    temp = name + TEMP_SUFFIX
    if files.is_dir(temp):
        remove_tree(files, temp)
    write_new(files, temp, data)
    put_in_place(files, temp, name, data)


def put_in_place(files, temp, name, data):
    """Make ``name`` hold ``data``, which the complete file ``temp`` holds too; ``temp`` goes."""
    if getattr(files, "atomic_rename", True):
        files.rename(temp, name)
        return
    write_new(files, name, data)
    files.remove(temp)


def make_folders(files, path):
    """Make the folder ``path`` and any folder above it that is missing.

    A file where one of them should be is set aside (``set_aside``) first: the
    names of the folders belong to the code that made them, and a file there
    would otherwise refuse every save that goes in it."""
    parts = path.split("/")
    for depth in range(1, len(parts) + 1):
        folder = "/".join(parts[:depth])
        if not files.is_dir(folder):
            clear_folder_name(files, folder)
            files.mkdir(folder)


def clear_folder_name(files, folder):
    """If a file (not a folder) has the name ``folder``, set it aside; True if so."""
    if files.exists(folder) and not files.is_dir(folder):
        set_aside(files, folder)
        return True
    return False


def remove_tree(files, name):
    """Remove a file or a folder with everything in it; never raises."""
    if files.is_dir(name):
        for entry in files.listdir(name):
            remove_tree(files, name + "/" + entry)
        try:
            files.rmdir(name)
        except OSError:
            pass
        return
    try:
        files.remove(name)
    except OSError:
        pass


def set_aside(files, name):
    """Move a bad file out of the way (to ``name + ".bad"``); never raises."""
    if files.is_dir(name + BAD_SUFFIX):
        remove_tree(files, name + BAD_SUFFIX)
    try:
        files.rename(name, name + BAD_SUFFIX)
        return
    except OSError:
        pass
    try:
        files.remove(name)
    except OSError:
        pass


def encode_safe(data):
    """The bytes of a safe file holding ``data``."""
    from pawtrack import records  # only when a safe file is written: not at boot

    return records.preamble(SAFE_MAGIC, SAFE_VERSION) + records.encode(SAFE_KIND, data)


def decode_safe(raw):
    """The data held in the bytes of a safe file, or None if any check fails."""
    from pawtrack import records

    if records.read_preamble(raw) != (SAFE_MAGIC, SAFE_VERSION):
        return None
    found, end, how = records.scan(raw, records.PREAMBLE_SIZE, SAFE_MAX_BYTES)
    if how != records.END_CLEAN or len(found) != 1 or found[0][0] != SAFE_KIND:
        return None
    return found[0][1]


def safe_write(files, name, data):
    """Store ``data`` (bytes) in ``name`` so that a power cut keeps old or new, whole.

    Raises OSError if the flash cannot be written (full or failing).
    """
    if len(data) > SAFE_MAX_BYTES:
        raise ValueError("safe files hold at most %d bytes" % SAFE_MAX_BYTES)
    replace_file(files, name, encode_safe(data))


def read_safe_file(files, name):
    """(raw bytes, data) of a safe file, or (None, None) if it is missing or fails a check."""
    try:
        raw = read_all(files, name)
    except OSError:
        return None, None
    data = decode_safe(raw)
    return (raw, data) if data is not None else (None, None)


def safe_file_present(files, name):
    """Whether ``name`` or the copy a cut ``safe_write`` left of it is on flash."""
    return files.exists(name) or files.exists(name + TEMP_SUFFIX)


def safe_read(files, name, what="Settings"):
    """(data, message) for a file written by safe_write; see the module docstring."""
    present = files.exists(name)
    data = read_safe_file(files, name)[1] if present else None
    if data is not None:
        return data, None
    temp = name + TEMP_SUFFIX
    raw, copy = read_safe_file(files, temp) if files.exists(temp) else (None, None)
    if copy is not None:
        try:
            put_in_place(files, temp, name, raw)
        except OSError:
            pass  # read-only for now: the copy is good, the next write puts it in place
        return copy, None
    if not present:
        return None, None
    set_aside(files, name)
    return None, what + " damaged; set aside."
