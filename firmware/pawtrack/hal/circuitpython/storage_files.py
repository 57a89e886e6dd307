"""CIRCUITPY as the referee's files: FAT, and writable only when boot.py took it over.

The computer and the code cannot both write a FAT drive safely, so
CircuitPython lets the code write only after boot.py called
``storage.remount("/", readonly=False)``; the computer then sees it read-only.
pawtrack's boot.py does that unless a button is held at power-on.

``open_files(root)`` returns ``(files, problem)``: ``FatFiles`` over the
drive, or, when the drive was left to the computer, ``MemoryFiles`` (the games
play but nothing is kept) and a sentence saying so. ``FatFiles`` says
``atomic_rename = False``: on FAT a rename over an existing file is a remove
and then a rename, so ``pawtrack.files.safe_write`` keeps the previous file
until the new one is complete instead of renaming over it.
"""

import storage

from pawtrack.files import OsFiles

READ_ONLY = "games are not saved: CIRCUITPY was left to the computer (button held at power-on)"


class FatFiles(OsFiles):
    atomic_rename = False


def open_files(root="/"):
    if getattr(storage.getmount(root), "readonly", False):
        from pawtrack.memfiles import MemoryFiles  # its code only where it is used

        return MemoryFiles(), READ_ONLY
    return FatFiles(root), None
