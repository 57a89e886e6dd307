"""Scratch folders for tests that write files, on CPython and on MicroPython.

Only ``os`` is used (MicroPython has no tempfile or shutil): a folder with a
fresh name is made under /tmp when it exists, else under the current folder,
and removed with everything in it afterwards.
"""

import os
import time

_counter = [0]


def _base():
    try:
        os.stat("/tmp")
        return "/tmp/"
    except OSError:
        return ""


def make_scratch_dir(label="pawtrack"):
    """Create and return a folder no one else is using."""
    base = _base()
    stamp = int(time.time()) % 1000000
    for _ in range(1000):
        _counter[0] += 1
        path = "%s%s-%d-%d" % (base, label, stamp, _counter[0])
        try:
            os.mkdir(path)
            return path
        except OSError:
            continue  # taken: try the next number
    raise OSError("cannot make a scratch folder under '%s'" % (base or "."))


def remove_scratch_dir(path):
    """Delete a folder made by make_scratch_dir and everything in it."""
    for name in os.listdir(path):
        inner = path + "/" + name
        if os.stat(inner)[0] & 0x4000:
            remove_scratch_dir(inner)
        else:
            os.remove(inner)
    os.rmdir(path)
