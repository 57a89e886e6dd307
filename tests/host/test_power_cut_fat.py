"""Pull the plug at every sector write of the same long session, on CircuitPython's FAT.

CircuitPython keeps CIRCUITPY as a FAT volume and writes it through ChaN's
FatFs (its ``oofatfs``). Here the real FatFs C library (the ``fatfs-ng``
package) runs on an image shaped like a Pico's CIRCUITPY: 1 MiB, 512-byte
sectors, FAT12 with one FAT, 512-byte clusters and 512 root entries, holding
what ``make flash RUNTIME=circuitpython`` puts there (boot_out.txt, code.py,
boot.py, the board file, lib/...) so the directories are as busy as on a
board. The files interface is the one CircuitPython's ``os`` gives the
firmware: a rename over an existing file removes the destination first
(``atomic_rename = False``, as ``pawtrack.hal.circuitpython`` says).

The scripted session of tests/host/test_power_cut.py runs once, logging every
sector write with the session step that made it. Each write is then a cut
point: the power fails before it, or, in a multi-sector write, after some of
its sectors. FAT (and FatFs) counts on a sector being written whole or not at
all, so a sector is never torn here. The surviving image must mount; nothing
may be set aside; match and settings must be those after the last step that
had returned or after the running one; the match must go on journalling.

What this does not model (docs/journal.md, "On CircuitPython (FAT)"): a torn
sector, which FAT itself cannot survive in general, and CircuitPython's flash
layer on the RP2040, which erases and reprograms a whole 4 KiB flash sector to
write any 512-byte block in it: a cut during that erase can wipe the
neighbouring blocks too, the FAT or a directory among them, whatever the
firmware does.
"""

import sys
import time

import fatfs.wrapper as fat
from fatfs.diskio import Disk

from .test_power_cut import (
    FOLDER,
    SETTINGS,
    check_files,
    cut_at_every_operation,
    make_script,
)

SECTOR = 512
SECTORS = 2048  # 1 MiB: the CIRCUITPY of a 2 MB Pico
MIN_CUT_POINTS = 2000

# What a flashed CIRCUITPY holds besides the referee's own files (names and sizes).
DRIVE_FILES = {
    "boot_out.txt": 160,
    "code.py": 900,
    "boot.py": 400,
    "pawtrack_board.py": 1700,
    "pawtrack.manifest": 3000,
    "lib/neopixel.py": 5600,
    "lib/adafruit_pixelbuf.py": 12000,
    "lib/pawtrack/__init__.py": 300,
    "lib/pawtrack/journal.py": 17000,
    "lib/pawtrack/files.py": 12000,
    "lib/pawtrack/match.py": 8000,
}


class FatError(OSError):
    pass


def ok(result, what):
    code = result[0] if isinstance(result, tuple) else result
    if code != fat.PY_FR_OK:
        raise FatError(2 if code in (fat.PY_FR_NO_FILE, fat.PY_FR_NO_PATH) else 5,
                       "%s: %s" % (what, fat.fresult_to_name(code)))  # fmt: skip
    return result


class LoggingDisk(Disk):
    """A block device of 512-byte sectors that logs every write with the session step."""

    def __init__(self, image):
        self.image = image
        self.step = None
        self.log = []  # (step, offset, bytes written) per write, in order

    def ioctl_get_sector_count(self):
        return len(self.image) // SECTOR

    def ioctl_get_sector_size(self):
        return SECTOR

    def ioctl_get_block_size(self):
        return 1

    def read(self, sector, count):
        start = sector * SECTOR
        return bytes(self.image[start : start + count])

    def write(self, sector, count, buff):
        start = sector * SECTOR
        data = bytes(buff[:count])
        self.log.append((self.step, start, data))
        self.image[start : start + len(data)] = data


class FatFile:
    """An open file with the methods the core uses."""

    def __init__(self, handle, writable):
        self.handle = handle
        self.writable = writable

    def read(self, size=-1):
        out = b""
        while size < 0 or len(out) < size:
            want = 4096 if size < 0 else min(4096, size - len(out))
            _, chunk = ok(fat.pyf_read(self.handle, want), "read")
            if not chunk:
                break
            out += chunk
        return out

    def readinto(self, buffer):
        chunk = self.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)

    def write(self, data):
        _, written = ok(fat.pyf_write(self.handle, bytes(data)), "write")
        return written

    def flush(self):
        ok(fat.pyf_sync(self.handle), "sync")

    def close(self):
        ok(fat.pyf_close(self.handle), "close")


class FatFiles:
    """The pawtrack files interface over FatFs, as CircuitPython's ``os`` behaves."""

    atomic_rename = False

    def __init__(self, partition):
        self.partition = partition

    def path(self, name):
        return self.partition._adjust_path("/" + name.strip("/"))

    def open(self, name, mode):
        if "r" in mode:
            flags = fat.PY_FA_READ
        elif "a" in mode:
            flags = fat.PY_FA_WRITE | fat.PY_FA_OPEN_APPEND
        else:
            flags = fat.PY_FA_WRITE | fat.PY_FA_CREATE_ALWAYS
        handle = fat.FIL_Handle()
        ok(fat.pyf_open(handle, self.path(name), flags), "open " + name)
        return FatFile(handle, "r" not in mode)

    def rename(self, src, dst):
        result = fat.pyf_rename(self.path(src), self.path(dst))
        if result == fat.PY_FR_EXIST:  # what CircuitPython's VFS does: remove, then rename
            ok(fat.pyf_unlink(self.path(dst)), "remove " + dst)
            result = fat.pyf_rename(self.path(src), self.path(dst))
        ok(result, "rename " + src)

    def remove(self, name):
        ok(fat.pyf_unlink(self.path(name)), "remove " + name)

    def _stat(self, name):
        info = fat.FILINFO_Handle()
        if fat.pyf_stat(self.path(name), info) != fat.PY_FR_OK:
            return None
        return info

    def exists(self, name):
        return self._stat(name) is not None

    def size(self, name):
        info = self._stat(name)
        if info is None:
            raise FatError(2, "no such file: " + name)
        return info.get_size()

    def is_dir(self, name):
        info = self._stat(name)
        return info is not None and info.is_directory()

    def listdir(self, folder=""):
        handle = fat.DIR_Handle()
        info = fat.FILINFO_Handle()
        ok(fat.pyf_opendir(handle, self.path(folder)), "listdir " + folder)
        names = []
        try:
            while fat.pyf_readdir(handle, info) == fat.PY_FR_OK:
                name = info.get_name()
                if not name:
                    break
                names.append(name)
        finally:
            fat.pyf_closedir(handle)
        return names

    def mkdir(self, name):
        ok(fat.pyf_mkdir(self.path(name)), "mkdir " + name)

    def rmdir(self, name):
        self.remove(name)

    def write_at(self, name, offset, data):
        """As CircuitPython's ``open(name, "r+b")``, ``seek``, ``write``: in place."""
        if not data:
            return
        handle = fat.FIL_Handle()
        ok(fat.pyf_open(handle, self.path(name), fat.PY_FA_READ | fat.PY_FA_WRITE), "open " + name)
        try:
            ok(fat.pyf_lseek(handle, offset), "seek " + name)
            ok(fat.pyf_write(handle, bytes(data)), "write " + name)
            ok(fat.pyf_sync(handle), "sync " + name)
        finally:
            fat.pyf_close(handle)


_mounted = []  # the partition mounted now: FatFs serves one volume here at a time


def unmount():
    while _mounted:
        _mounted.pop().unmount()


def mounted(image):
    """(disk, files) of a FatFs mount of ``image``; the previous mount is let go."""
    unmount()
    disk = LoggingDisk(image)
    partition = fat.Partition(disk)
    partition.mount()
    _mounted.append(partition)
    return disk, FatFiles(partition)


def formatted_image():
    """A fresh CIRCUITPY-shaped FAT image holding a flashed drive's files."""
    image = bytearray(SECTOR * SECTORS)
    unmount()
    partition = fat.Partition(LoggingDisk(image))
    ok(fat.pyf_mkfs(b"0:", n_fat=1, n_root=512, au_size=SECTOR), "mkfs")
    partition.unmount()
    _, files = mounted(image)
    for name, size in DRIVE_FILES.items():
        folder = name.rpartition("/")[0]
        if folder and not files.is_dir(folder):
            parts = folder.split("/")
            for depth in range(1, len(parts) + 1):
                if not files.is_dir("/".join(parts[:depth])):
                    files.mkdir("/".join(parts[:depth]))
        f = files.open(name, "wb")
        f.write(bytes((i * 7 + len(name)) & 0x7F for i in range(size)))
        f.close()
    unmount()
    return image


def sector_cut(image, operation, number):
    """The power fails before the write, or between two sectors of a multi-sector write
    (a pseudo-random number of its sectors done): FAT, like FatFs, counts on a sector
    being written whole or not at all."""
    _, start, new_bytes = operation
    sectors = len(new_bytes) // SECTOR
    done = (number * 2654435761) % sectors * SECTOR if sectors > 1 else 0
    cut = bytearray(image)
    cut[start : start + done] = new_bytes[:done]
    return cut


CUTS = (sector_cut,)


def record_session(script, image):
    """Play the script on a copy of the image: (write log, Session)."""
    from .test_power_cut import Session

    disk, files = mounted(bytearray(image))
    flash = disk  # Session sets .step on it, as on the LittleFS flash
    session = Session(files, flash)
    session.run(script)
    return disk.log, session


def check_resume(image, running, after):
    """Mount a surviving image (it must mount) and resume from it."""
    _, files = mounted(image)
    return check_files(files, running, after)


def test_power_cut_at_every_fat_sector_write(capsys):
    started = time.monotonic()
    script = make_script()
    fresh = formatted_image()
    log, session = record_session(script, fresh)
    after = session.after
    assert session.switches >= 2 and session.most_logs >= 3
    assert len(log) * len(CUTS) >= MIN_CUT_POINTS, "only %d sector writes" % len(log)
    outcomes = cut_at_every_operation(
        log,
        bytearray(fresh),
        CUTS,
        script,
        lambda image, running: check_resume(image, running, after),
    )
    assert outcomes[0] and outcomes[1]
    seconds = time.monotonic() - started
    with capsys.disabled():
        sys.stdout.write(
            "\npower-cut (FAT): %d cut points (%d sector writes x %d ways) over %d steps, %s;"
            " all resumed to the last shown state (%d) or one past (%d); %.1f s\n"
            % (sum(outcomes), len(log), len(CUTS), len(script), session.checkpoint_summary(),
               outcomes[0], outcomes[1], seconds)
        )  # fmt: skip


def test_the_fat_image_is_shaped_like_circuitpy():
    image = formatted_image()
    _, files = mounted(image)
    boot = bytes(image[:SECTOR])
    assert boot[510:512] == b"\x55\xaa"
    # bytes per sector, sectors per cluster, FATs, root entries, sectors (BPB fields)
    assert int.from_bytes(boot[11:13], "little") == SECTOR and boot[13] == 1 and boot[16] == 1
    assert int.from_bytes(boot[17:19], "little") == 512
    assert int.from_bytes(boot[19:21], "little") == SECTORS  # < 4085 clusters: FAT12
    assert "code.py" in files.listdir() and files.is_dir("lib/pawtrack")
    assert files.size("lib/adafruit_pixelbuf.py") == DRIVE_FILES["lib/adafruit_pixelbuf.py"]
    assert not files.exists(SETTINGS) and not files.exists(FOLDER)
