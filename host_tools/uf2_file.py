"""Read a UF2 firmware file: which chip it is for and which flash it covers.

UF2 (Microsoft's USB flashing format, used by the RP2040 and RP2350 boot ROMs)
is a sequence of 512-byte blocks. Each block carries two start magic numbers,
flags, the flash address and size of its payload (256 bytes for the Pico),
its number and the block count, a family id naming the chip (when flag 0x2000
is set), up to 476 bytes of data and an end magic number.

``read_uf2(path)`` checks every block and returns a ``Uf2Image``: the family of
the program (the RP2350 files picotool writes start with one extra block of the
"absolute" family, which is not the program's), the lowest and highest flash
address written, and the payloads as (address, bytes) for an emulator that loads
the image into its flash.
"""

import struct

BLOCK_SIZE = 512
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000

# Family ids the Raspberry Pi boot ROMs know (pico-sdk's uf2.h).
FAMILIES = {
    0xE48BFF56: "rp2040",
    0xE48BFF57: "absolute",
    0xE48BFF58: "data",
    0xE48BFF59: "rp2350-arm-s",
    0xE48BFF5A: "rp2350-riscv",
    0xE48BFF5B: "rp2350-arm-ns",
}
# The chip whose boot ROM runs a program of each family.
CHIP_OF_FAMILY = {
    "rp2040": "rp2040",
    "rp2350-arm-s": "rp2350",
    "rp2350-riscv": "rp2350",
    "rp2350-arm-ns": "rp2350",
}
# Families that are not a program on their own (the RP2350-E10 workaround block, data).
NOT_PROGRAM = ("absolute", "data")


class Uf2Error(ValueError):
    """A file that is not a usable UF2; the message is one line."""


class Uf2Image:
    def __init__(self, path, size, family, blocks, chunks):
        self.path = path
        self.size = size  # bytes of the file
        self.family = family  # e.g. "rp2040", "rp2350-arm-s"
        self.blocks = blocks
        self.chunks = chunks  # [(flash address, payload bytes)] of the program's family

    @property
    def chip(self):
        return CHIP_OF_FAMILY.get(self.family)

    @property
    def start(self):
        return min(address for address, _ in self.chunks)

    @property
    def end(self):
        """The address just past the highest byte written."""
        return max(address + len(data) for address, data in self.chunks)

    @property
    def flash_bytes(self):
        return sum(len(data) for _, data in self.chunks)


def family_name(family_id):
    return FAMILIES.get(family_id, "0x%08x" % family_id)


def read_uf2(path):
    """The Uf2Image of a file; Uf2Error names the first thing wrong with it."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as error:
        raise Uf2Error("cannot read %s: %s" % (path, error.strerror or error)) from None
    if not data:
        raise Uf2Error("%s is empty" % path)
    if len(data) % BLOCK_SIZE:
        raise Uf2Error(
            "%s is not a UF2 file (size %d is not a multiple of 512)" % (path, len(data))
        )
    families = {}
    blocks = len(data) // BLOCK_SIZE
    for index in range(blocks):
        block = data[index * BLOCK_SIZE : (index + 1) * BLOCK_SIZE]
        start0, start1, flags, address, size, _number, _count, family = struct.unpack_from(
            "<8I", block
        )
        (end,) = struct.unpack_from("<I", block, BLOCK_SIZE - 4)
        if start0 != MAGIC_START0 or start1 != MAGIC_START1 or end != MAGIC_END:
            raise Uf2Error("%s is not a UF2 file (block %d has no UF2 magic)" % (path, index))
        if size > 476:
            raise Uf2Error("%s: block %d claims %d bytes of payload" % (path, index, size))
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        name = family_name(family) if flags & FLAG_FAMILY_ID else "none"
        families.setdefault(name, []).append((address, bytes(block[32 : 32 + size])))
    programs = [name for name in families if name not in NOT_PROGRAM]
    if not programs:
        raise Uf2Error("%s holds no program for an RP2040 or RP2350" % path)
    if len(programs) > 1:
        raise Uf2Error("%s mixes families %s" % (path, ", ".join(sorted(programs))))
    family = programs[0]
    return Uf2Image(path, len(data), family, blocks, sorted(families[family]))


def family_id(name):
    """The number of a family name ("rp2040" -> 0xe48bff56)."""
    for number, known in FAMILIES.items():
        if known == name:
            return number
    raise Uf2Error("unknown UF2 family %r" % name)


def uf2_bytes(chunks, family, payload=256):
    """UF2 blocks for [(flash address, data)], ``payload`` bytes per block, one family."""
    pieces = []
    for address, data in chunks:
        for offset in range(0, len(data), payload):
            pieces.append((address + offset, data[offset : offset + payload]))
    number = family_id(family)
    out = bytearray()
    for index, (address, data) in enumerate(pieces):
        head = struct.pack(
            "<8I", MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, address, len(data), index,
            len(pieces), number,
        )  # fmt: skip
        body = data + bytes(476 - len(data))
        out += head + body + struct.pack("<I", MAGIC_END)
    return bytes(out)
