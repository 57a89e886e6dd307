"""CIRCUITPY, the FAT drive in the emulated CircuitPython Pico's flash, read and written here.

CircuitPython 10 on a Pico with 2 MiB of flash keeps CIRCUITPY at offset
0x100000: a FAT12 volume of 2048 sectors of 512 bytes, which the firmware
formats itself on a blank flash. Here the real FatFs (ChaN's C library, the
pinned ``fatfs-ng`` package) reads and writes it, as a computer's FAT driver
does when the board's drive is mounted.

``mounted(flash)`` is the drive as a computer mounts it: its files copied
into a temporary folder, and, when the block ends, every file added, changed
or removed there written back into the volume through FatFs (only those, as
a computer's driver writes only what changed); ``drive.flash`` is then the new
flash image. ``host_tools.circuitpython.flash`` copies onto that folder
exactly as onto a mounted drive. ``read_files(flash)`` lists the volume,
``format_flash()`` makes a blank CIRCUITPY (FatFs's mkfs, one FAT, 512
root entries) for tests that do not want the firmware's first boot.
"""

import os
import shutil
import tempfile

import fatfs.wrapper as fat
from fatfs.diskio import Disk

FLASH_BYTES = 2 * 1024 * 1024
FS_OFFSET = 0x100000
FS_BYTES = FLASH_BYTES - FS_OFFSET
SECTOR = 512
SECTORS = FS_BYTES // SECTOR


class DriveError(OSError):
    """FatFs refused an operation on the volume (the message names it)."""


class _Volume(Disk):
    """The FAT volume's sectors inside a bytearray of the whole flash."""

    def __init__(self, flash):
        self.flash = flash

    def ioctl_get_sector_count(self):
        return SECTORS

    def ioctl_get_sector_size(self):
        return SECTOR

    def ioctl_get_block_size(self):
        return 1

    def read(self, sector, count):
        start = FS_OFFSET + sector * SECTOR
        return bytes(self.flash[start : start + count])

    def write(self, sector, count, buff):
        start = FS_OFFSET + sector * SECTOR
        data = bytes(buff[:count])
        self.flash[start : start + len(data)] = data


def _check(result, what):
    code = result[0] if isinstance(result, tuple) else result
    if code != fat.PY_FR_OK:
        raise DriveError("%s: %s" % (what, fat.fresult_to_name(code)))
    return result


class _Mount:
    """FatFs mounted on a flash image (FatFs serves one volume at a time here)."""

    def __init__(self, flash):
        self.partition = fat.Partition(_Volume(flash))
        self.partition.mount()

    def close(self):
        self.partition.unmount()

    def path(self, name):
        return self.partition._adjust_path("/" + name.strip("/"))

    def stat(self, name):
        info = fat.FILINFO_Handle()
        if fat.pyf_stat(self.path(name), info) != fat.PY_FR_OK:
            return None
        return info

    def walk(self, folder=""):
        """Every (path, is_folder) under folder, parents before children."""
        handle = fat.DIR_Handle()
        info = fat.FILINFO_Handle()
        _check(fat.pyf_opendir(handle, self.path(folder)), "list /" + folder)
        entries = []
        try:
            while fat.pyf_readdir(handle, info) == fat.PY_FR_OK:
                name = info.get_name()
                if not name:
                    break
                entries.append((folder + "/" + name if folder else name, info.is_directory()))
        finally:
            fat.pyf_closedir(handle)
        found = []
        for path, is_folder in entries:
            found.append((path, is_folder))
            if is_folder:
                found.extend(self.walk(path))
        return found

    def read(self, name):
        handle = fat.FIL_Handle()
        _check(fat.pyf_open(handle, self.path(name), fat.PY_FA_READ), "open /" + name)
        chunks = []
        try:
            while True:
                _, chunk = _check(fat.pyf_read(handle, 4096), "read /" + name)
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            fat.pyf_close(handle)
        return b"".join(chunks)

    def write(self, name, data):
        handle = fat.FIL_Handle()
        flags = fat.PY_FA_WRITE | fat.PY_FA_CREATE_ALWAYS
        _check(fat.pyf_open(handle, self.path(name), flags), "create /" + name)
        try:
            if data:
                _check(fat.pyf_write(handle, bytes(data)), "write /" + name)
        finally:
            _check(fat.pyf_close(handle), "close /" + name)

    def make_folder(self, name):
        if self.stat(name) is None:
            _check(fat.pyf_mkdir(self.path(name)), "mkdir /" + name)

    def remove(self, name):
        _check(fat.pyf_unlink(self.path(name)), "remove /" + name)


def read_files(flash):
    """{path without the leading /: bytes} of every file on the drive in a flash image."""
    mount = _Mount(bytearray(flash[:FLASH_BYTES]))
    try:
        return {path: mount.read(path) for path, is_folder in mount.walk() if not is_folder}
    finally:
        mount.close()


def format_flash(flash=None):
    """A flash image (the given one, or erased) with a blank CIRCUITPY volume."""
    flash = bytearray(flash if flash is not None else b"\xff" * FLASH_BYTES)
    partition = fat.Partition(_Volume(flash))
    _check(fat.pyf_mkfs(b"0:", n_fat=1, n_root=512, au_size=SECTOR), "mkfs")
    partition.unmount()
    return bytes(flash)


class mounted:
    """``with mounted(flash) as drive:`` the drive's files in ``drive.folder``; on a clean
    exit what changed there is written into the volume and ``drive.flash`` is the result."""

    def __init__(self, flash):
        self.flash = bytes(flash)
        self._temp = None
        self.folder = None
        self.before = {}

    def __enter__(self):
        self._temp = tempfile.TemporaryDirectory(prefix="pawtrack-circuitpy-")
        self.folder = os.path.join(self._temp.name, "CIRCUITPY")
        os.makedirs(self.folder)
        self.before = read_files(self.flash)
        for path, data in self.before.items():
            local = os.path.join(self.folder, *path.split("/"))
            os.makedirs(os.path.dirname(local), exist_ok=True)
            with open(local, "wb") as f:
                f.write(data)
        return self

    def __exit__(self, kind, *rest):
        try:
            if kind is None:
                self.flash = self._write_back()
        finally:
            shutil.rmtree(self._temp.name, ignore_errors=True)
            self._temp.cleanup()
        return False

    def _files_now(self):
        now = {}
        for top, _dirs, names in os.walk(self.folder):
            for name in names:
                local = os.path.join(top, name)
                path = os.path.relpath(local, self.folder).replace(os.sep, "/")
                with open(local, "rb") as f:
                    now[path] = f.read()
        return now

    def _write_back(self):
        flash = bytearray(self.flash)
        now = self._files_now()
        mount = _Mount(flash)
        try:
            for path in sorted(set(self.before) - set(now)):
                mount.remove(path)
            for path in sorted(now):
                if self.before.get(path) == now[path]:
                    continue
                parts = path.split("/")[:-1]
                for depth in range(1, len(parts) + 1):
                    mount.make_folder("/".join(parts[:depth]))
                mount.write(path, now[path])
        finally:
            mount.close()
        return bytes(flash)
