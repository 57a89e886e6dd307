"""The Pico's LittleFS filesystem as a host-side image: built from the firmware, read back.

MicroPython's rp2 port keeps its filesystem in flash from offset 0xA0000:
LittleFS v2, 352 blocks of 4096 bytes (1408 KiB), prog size 256, read size 32,
lookahead 32 (``ports/rp2/modules/_boot.py`` and ``extmod/vfs_lfsx.c``).

``firmware_files(board)`` is exactly what ``make flash`` copies (host_tools.flash:
main.py, pawtrack_main.mpy, board.mpy, bundlefs.mpy and the firmware bundle, and the manifest
written last), so ``build_image(firmware_files(...))`` is a flash that
``make flash`` would have left, made in a fraction of a second; the emulated Pico
starts with it (``EmulatedPico(files=...)``). ``read_files(image)`` lists what a
filesystem image holds, e.g. after a session on the emulator.
"""

import os
import tempfile

from littlefs import LittleFS, LittleFSError, UserContext

FS_OFFSET = 0xA0000
BLOCK_SIZE = 4096
BLOCK_COUNT = 352
FS_BYTES = BLOCK_SIZE * BLOCK_COUNT
GEOMETRY = {
    "block_size": BLOCK_SIZE,
    "block_count": BLOCK_COUNT,
    "read_size": 32,
    "prog_size": 256,
    "cache_size": 1024,
    "lookahead_size": 32,
    "block_cycles": 100,
}
# Images made here use the LittleFS 2.0 on-disk format, which every v2 release reads;
# reading accepts any v2 minor version (the firmware formats with its own).
WRITE_VERSION = 0x00020000


class _Image(UserContext):
    def __init__(self, data):
        self.buffer = bytearray(data)

    def read(self, cfg, block, off, size):
        start = block * cfg.block_size + off
        return bytes(self.buffer[start : start + size])

    def prog(self, cfg, block, off, data):
        start = block * cfg.block_size + off
        self.buffer[start : start + len(data)] = data
        return 0

    def erase(self, cfg, block):
        start = block * cfg.block_size
        self.buffer[start : start + cfg.block_size] = b"\xff" * cfg.block_size
        return 0

    def sync(self, cfg):
        return 0


def firmware_files(board_name="pico"):
    """[(path on the device, bytes)] that `make flash` writes for this board, in its order."""
    from host_tools import flash
    from host_tools.boards import load_board

    board = load_board(board_name)
    uploads = flash.build(board)
    files = []
    for upload in uploads:
        with open(upload.local, "rb") as f:
            files.append((upload.remote, f.read()))
    files.append((flash.MANIFEST, flash.manifest_json(board, uploads).encode()))
    return files


def build_image(files):
    """A formatted filesystem image (FS_BYTES) holding files [(path, bytes)]."""
    context = _Image(b"\xff" * FS_BYTES)
    fs = LittleFS(context, mount=False, disk_version=WRITE_VERSION, **GEOMETRY)
    fs.format()
    fs.mount()
    for path, data in files:
        folder = os.path.dirname(path)
        if folder not in ("", "/"):
            fs.makedirs(folder, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(data)
    fs.unmount()
    return bytes(context.buffer)


def write_image_file(files, folder=None):
    """build_image written to a temporary file; returns its path (the caller removes it)."""
    handle, path = tempfile.mkstemp(prefix="pawtrack-fs-", suffix=".img", dir=folder)
    with os.fdopen(handle, "wb") as f:
        f.write(build_image(files))
    return path


def read_files(image):
    """{path: bytes} of every file in a filesystem image; raises LittleFSError if it is
    not a mountable filesystem."""
    context = _Image(image[:FS_BYTES])
    fs = LittleFS(context, mount=False, **GEOMETRY)
    fs.mount()
    found = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name) if top != "/" else "/" + name
            with fs.open(path, "rb") as f:
                found[path] = f.read()
    fs.unmount()
    return found


__all__ = [
    "FS_OFFSET",
    "FS_BYTES",
    "GEOMETRY",
    "LittleFSError",
    "build_image",
    "firmware_files",
    "read_files",
    "write_image_file",
]
