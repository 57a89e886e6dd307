"""Pack the compiled firmware into one bundle file, the way firmware/bundlefs.py reads it.

    bundle_bytes([(name, data), ...]) -> bytes

``name`` is the module's path under the mount point, e.g.
``pawtrack/ui/app.mpy``. The layout (magic, version, a table row per module
with its offset, size and Adler-32 and one per folder, the names in the table's
order, then the modules back to back) is documented in firmware/bundlefs.py,
which the device runs to mount it; its constants are used here so the two
cannot differ.
"""

import struct
import zlib

from bundlefs import FOLDER_SIZE, MAGIC, VERSION


def bundle_bytes(modules):
    """The bundle holding ``modules`` [(name, bytes)]."""
    entries = []  # (name, offset, size, adler32)
    folders = set()
    data = bytearray()
    for name, content in sorted(modules):
        if "\n" in name:
            raise ValueError("a module name cannot hold a newline: %r" % name)
        entries.append((name, len(data), len(content), zlib.adler32(content)))
        data += content
        parts = name.split("/")
        folders.update("/".join(parts[:depth]) for depth in range(1, len(parts)))
    entries.extend((folder, 0, FOLDER_SIZE, 0) for folder in sorted(folders))
    if len(entries) > 0xFFFF:
        raise ValueError("too many modules for one bundle: %d" % len(entries))
    table = b"".join(struct.pack("<III", offset, size, check) for _, offset, size, check in entries)
    names = "".join("\n/" + name for name, _, _, _ in entries).encode()
    head = MAGIC + bytes((VERSION,)) + struct.pack("<HI", len(entries), len(names))
    return head + table + names + bytes(data)


def bundle_modules(bundle):
    """[(name, size)] of the modules in a bundle made by bundle_bytes (folders left out)."""
    start = len(MAGIC) + 1
    if bundle[: len(MAGIC)] != MAGIC or bundle[len(MAGIC)] != VERSION:
        raise ValueError("not a version %d pawtrack bundle" % VERSION)
    count, names_length = struct.unpack_from("<HI", bundle, start)
    table = start + struct.calcsize("<HI")
    names_at = table + 12 * count
    names = bundle[names_at : names_at + names_length].decode().split("\n/")[1:]
    modules = []
    for index, name in enumerate(names):
        _offset, size, _check = struct.unpack_from("<III", bundle, table + 12 * index)
        if size != FOLDER_SIZE:
            modules.append((name, size))
    return modules
