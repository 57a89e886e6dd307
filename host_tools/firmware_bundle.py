"""Pack the compiled firmware into one bundle file, the way firmware/bundlefs.py reads it.

    bundle_bytes([(name, data), ...]) -> bytes

``name`` is the module's path under the mount point, e.g.
``pawtrack/ui/app.mpy``. The layout (magic, version, an index line per module
with its offset, size and CRC-32 and one per folder, then the modules back to
back) is documented in firmware/bundlefs.py, which the device runs to mount
it; its constants are used here so the two cannot differ.
"""

import binascii

from bundlefs import FOLDER_MARK, MAGIC, VERSION


def bundle_bytes(modules):
    """The bundle holding ``modules`` [(name, bytes)]."""
    lines = []
    folders = set()
    data = bytearray()
    for name, content in sorted(modules):
        if "\t" in name or "\n" in name:
            raise ValueError("a module name cannot hold a tab or a newline: %r" % name)
        crc = binascii.crc32(content) & 0xFFFFFFFF
        lines.append("\n/%s\t%d\t%d\t%d" % (name, len(data), len(content), crc))
        data += content
        parts = name.split("/")
        folders.update("/".join(parts[:depth]) for depth in range(1, len(parts)))
    lines.extend("\n/%s\t%s" % (folder, chr(FOLDER_MARK)) for folder in sorted(folders))
    index = "".join(lines).encode()
    head = MAGIC + bytes((VERSION,)) + len(index).to_bytes(4, "little")
    return head + index + bytes(data)
