"""Runs inside the device stand-in's WebAssembly MicroPython at every interpreter start.

It gives the interpreter the face of a board: the flash (a folder of the
in-memory file system, mirrored to the host) mounted at "/", ``os.uname()``,
``os.ilistdir`` entries with the file size (as LittleFS gives them),
``os.statvfs`` of a flash with 4 KiB blocks counted like LittleFS (16 MiB, or
the Pico's 1408 KiB), ``machine`` ready in ``sys.modules`` and, for platform
"rp2", what a Raspberry Pi Pico reports: ``sys.platform`` "rp2" and
``sys.implementation`` with the Pico's name and an ``_mpy`` whose arch bits
say armv6m. ``os.rename`` of two absolute paths on the flash works as on a
board (MicroPython 1.27's VfsPosix with a root folder builds both host paths
in one buffer, so it would rename the new name onto itself). ``time.sleep``,
``sleep_ms`` and ``sleep_us`` wait in steps of at most a millisecond, so a
Ctrl-C stops them at once as on a board (the WebAssembly port's own sleeps
look at it only when they are over). With
``hardware``, ``machine`` also gets the pins, buses, timers, watchdog and
``mem32`` of the recording test stand-in (tests/device/machine.py, copied in
as ``_standin_hw``; the stand-in's own reset functions stay) and
``neopixel`` is importable, as frozen into a Pico's firmware.
CPython never imports this file.
"""

import os
import sys
from collections import namedtuple

ARMV6M = 4  # MP_NATIVE_ARCH_ARMV6M, stored in bits 10.. of sys.implementation._mpy
PICO_MACHINE = "Raspberry Pi Pico with RP2040"
PICO_BLOCKS = 352  # 1408 KiB of flash file system on a 2 MiB Pico
OTHER_BLOCKS = 4096  # 16 MiB
BLOCK = 4096

_Uname = namedtuple("uname_result", ("sysname", "nodename", "release", "version", "machine"))
_Implementation = namedtuple("implementation", ("name", "version", "_machine", "_mpy", "_build"))


def setup(platform, flash, hidden, hardware=False):
    """Install the board face; flash is the folder that becomes "/", hidden this file's folder."""
    import machine  # (cached in sys.modules before "/" moves to the flash)

    if hardware:
        _add_hardware(machine)
    _interruptible_sleeps()

    real = sys.implementation
    release = ".".join(str(n) for n in real.version[:3])
    version = sys.version.split("; ")[-1].replace("MicroPython ", "")
    _flash["blocks"] = OTHER_BLOCKS
    if platform == "rp2":
        _pose_as_pico(real, release, version)
    else:
        uname = _Uname(platform, platform, release, version, real._machine)
        os.uname = lambda: uname
    _flash["ilistdir"] = os.ilistdir
    os.ilistdir = _ilistdir
    os.statvfs = _statvfs
    if hidden in sys.path:
        sys.path.remove(hidden)
    os.umount("/")
    os.mount(os.VfsPosix(flash), "/")
    os.chdir("/")
    for name in ("rename", "mount", "umount"):
        _flash[name] = getattr(os, name)
    os.rename = _rename
    os.mount = _mount
    os.umount = _umount


def _interruptible_sleeps():
    import time

    ticks_us, ticks_diff, step = time.ticks_us, time.ticks_diff, time.sleep_us

    def wait(us):
        start = ticks_us()
        while True:  # each pass lets a pending KeyboardInterrupt in
            left = us - ticks_diff(ticks_us(), start)
            if left <= 0:
                return
            step(left if left < 1000 else 1000)

    time.sleep = lambda seconds: wait(int(seconds * 1_000_000))
    time.sleep_ms = lambda ms: wait(int(ms) * 1000)
    time.sleep_us = lambda us: wait(int(us))


def _add_hardware(machine):
    import _standin_hw
    import neopixel  # noqa: F401  (stays in sys.modules)

    del sys.modules["_standin_hw"]
    for name in dir(_standin_hw):
        if not name.startswith("_") and not hasattr(machine, name):
            setattr(machine, name, getattr(_standin_hw, name))


def _pose_as_pico(real, release, version):
    import _standin_sys as pico_sys  # an empty module that becomes "sys"

    del sys.modules["_standin_sys"]
    for name in dir(sys):
        if not name.startswith("__"):
            setattr(pico_sys, name, getattr(sys, name))
    pico_sys.__name__ = "sys"
    del pico_sys.__file__
    pico_sys.platform = "rp2"
    mpy = (real._mpy & 0x3FF) | (ARMV6M << 10)
    pico_sys.implementation = _Implementation(
        real.name, real.version, PICO_MACHINE, mpy, "RPI_PICO"
    )
    sys.modules["sys"] = pico_sys
    uname = _Uname("rp2", "rp2", release, version, PICO_MACHINE)
    os.uname = lambda: uname
    _flash["blocks"] = PICO_BLOCKS


_flash = {}


def _ilistdir(path="."):
    entries = []
    for name, kind, inode in _flash["ilistdir"](path):
        size = 0
        if not kind & 0x4000:
            slash = b"/" if isinstance(path, bytes) else "/"
            size = os.stat(path.rstrip(slash) + slash + name if path else name)[6]
        entries.append((name, kind, inode, size))
    return iter(entries)


def _blocks_used(path):
    used = 1
    for name, kind, _inode, size in _ilistdir(path):
        if kind & 0x4000:
            used += _blocks_used(path.rstrip("/") + "/" + name)
        else:
            used += (size + BLOCK - 1) // BLOCK + 1
    return used


def _statvfs(path):
    os.stat(path)
    blocks = _flash["blocks"]
    free = max(0, blocks - 2 - _blocks_used("/"))
    return (BLOCK, BLOCK, blocks, free, free, 0, 0, 0, 0, 255)


_mounted = []  # [mount point, file system] of every mount but the flash at "/"


def _mount(fs, point, *args, **kwargs):
    _flash["mount"](fs, point, *args, **kwargs)
    _mounted.append([point.rstrip("/"), fs])


def _umount(point_or_fs):
    _flash["umount"](point_or_fs)
    for entry in _mounted:
        if point_or_fs in (entry[1], entry[0], entry[0] + "/"):
            _mounted.remove(entry)
            break


def _on_flash(path):
    if not isinstance(path, str) or not path.startswith("/"):
        return False
    for point, _fs in _mounted:
        if path == point or path.startswith(point + "/"):
            return False
    return True


def _rename(old, new):
    if not (_on_flash(old) and _on_flash(new)):
        _flash["rename"](old, new)
        return
    cwd = os.getcwd()
    os.chdir("/")
    try:
        _flash["rename"](old.lstrip("/"), new)  # a relative path skips the shared buffer
    finally:
        os.chdir(cwd)
