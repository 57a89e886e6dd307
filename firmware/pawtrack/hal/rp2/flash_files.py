"""The Pico's files: LittleFS through ``os``, with the journal's logs written in place.

``FlashFiles`` is ``pawtrack.files.OsFiles`` over the filesystem root, except
for ``write_at``: the journal's records go straight into the erased bytes of
its logs on the flash under LittleFS (``pawtrack.inplace.InPlaceWriter`` over
``rp2.Flash()``, the block device the port's ``_boot.py`` mounts at "/"): a
256-byte page program, 0.6 ms, where writing through LittleFS would copy the
file's block (a 45 ms erase) and commit its folder's metadata. Writing,
removing or renaming a file through it forgets the flash block found for it.
A file it cannot find on that flash (another filesystem layout) is written
through ``os`` as usual.

``flash_files(root)`` returns one, or plain ``OsFiles`` where there is no
``rp2.Flash`` (the tests' stand-in ``machine``).
"""

from pawtrack.files import OsFiles

BLOCK_COUNT = 4  # MicroPython's block-device ioctl numbers
BLOCK_SIZE = 5


class FlashFiles(OsFiles):
    def __init__(self, root, flash):
        OsFiles.__init__(self, root)
        self.flash = flash
        self.inplace = None  # made at the first write_at: the main menu does not need it

    def forget(self, name):
        if self.inplace is not None:
            self.inplace.forget(name)

    def open(self, name, mode):
        if "r" not in mode or "+" in mode:
            self.forget(name)
        return OsFiles.open(self, name, mode)

    def rename(self, src, dst):
        self.forget(src)
        self.forget(dst)
        OsFiles.rename(self, src, dst)

    def remove(self, name):
        self.forget(name)
        OsFiles.remove(self, name)

    def write_at(self, name, offset, data):
        if self.inplace is None:
            from pawtrack.inplace import InPlaceWriter

            flash = self.flash
            size = flash.ioctl(BLOCK_SIZE, 0)
            self.inplace = InPlaceWriter(self, flash, size, flash.ioctl(BLOCK_COUNT, 0))
        if not self.inplace.write(name, offset, data):
            self.inplace.forget(name)  # written through LittleFS: its block may change
            OsFiles.write_at(self, name, offset, data)


def flash_files(root="/"):
    try:
        import rp2

        flash = rp2.Flash()
    except (ImportError, AttributeError):
        return OsFiles(root)
    return FlashFiles(root, flash)
