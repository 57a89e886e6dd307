"""Checked records: the byte framing shared by the match journal and safe files.

A file written with this framing starts with a 5-byte preamble and then holds
records one after another (all integers little-endian)::

    preamble  magic (4 ASCII bytes) | version (u8)
    record    length (u16) | kind (u8) | head check (u8) | payload | crc (u32)

* ``length`` is the number of payload bytes (0 .. the reader's limit).
* ``kind`` says what the payload is; the file format that uses the framing
  gives the kinds their meaning.
* ``head check`` is the low byte of CRC-32 over the three bytes before it, so
  a damaged length is noticed before it is trusted.
* ``crc`` is CRC-32 (the zlib/PNG one) over everything from ``length`` to the
  end of the payload.

A record therefore costs 8 bytes plus its payload.

``scan`` walks the records and says how the file ends:

* cleanly;
* with a torn record, which is what an interrupted last write leaves: the
  record runs past the end of the file, or its crc is wrong and nothing but
  erased bytes (all 0x00 or all 0xFF) follows it, or only erased bytes remain;
* with damage: a bad head (its check byte or a length over the limit), or a
  bad crc with real data after the record.
"""

import struct

try:
    from binascii import crc32 as _crc32
except ImportError:  # a MicroPython build without it
    _crc32 = None

PREAMBLE_SIZE = 5
HEAD_SIZE = 4
CRC_SIZE = 4
OVERHEAD = HEAD_SIZE + CRC_SIZE

END_CLEAN = "clean"
END_TORN = "torn"
END_DAMAGED = "damaged"

_POLY = 0xEDB88320


def crc32_python(data, value=0):
    """CRC-32 computed bit by bit: the fallback when binascii has none."""
    crc = value ^ 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ _POLY
            else:
                crc >>= 1
    return crc ^ 0xFFFFFFFF


def crc32(data, value=0):
    """CRC-32 of ``data`` (continuing from ``value``) as an unsigned int."""
    if _crc32 is None:
        return crc32_python(data, value)
    return _crc32(data, value) & 0xFFFFFFFF


def preamble(magic, version):
    """The 5 bytes that open a file: its magic and its format version."""
    return magic + bytes((version,))


def read_preamble(data):
    """(magic, version) of a file's first bytes, or None if it is too short."""
    if len(data) < PREAMBLE_SIZE:
        return None
    return bytes(data[:4]), data[4]


def encode(kind, payload):
    """The bytes of one record."""
    head = struct.pack("<HB", len(payload), kind)
    head += bytes((crc32(head) & 0xFF,))
    body = head + payload
    return body + struct.pack("<I", crc32(body))


def _only_erased(data, start):
    """True if every byte from ``start`` on is 0x00 or every one is 0xFF."""
    rest = bytes(data[start:])
    return rest == b"\x00" * len(rest) or rest == b"\xff" * len(rest)


def scan(data, start, max_payload):
    """Read the records of ``data`` from offset ``start``.

    Returns (records, end, how) where records is a list of (kind, payload
    bytes, offset), end is the offset just after the last good record and how
    is END_CLEAN, END_TORN or END_DAMAGED.
    """
    records = []
    pos = start
    size = len(data)
    view = memoryview(data)
    while pos < size:
        how = END_TORN
        if size - pos >= HEAD_SIZE:
            length, kind, check = struct.unpack_from("<HBB", data, pos)
            end = pos + HEAD_SIZE + length + CRC_SIZE
            if crc32(view[pos : pos + 3]) & 0xFF != check or length > max_payload:
                how = END_DAMAGED
            elif end <= size:
                (crc,) = struct.unpack_from("<I", data, end - CRC_SIZE)
                if crc32(view[pos : end - CRC_SIZE]) == crc:
                    records.append((kind, bytes(view[pos + HEAD_SIZE : end - CRC_SIZE]), pos))
                    pos = end
                    continue
                if end < size and not _only_erased(data, end):
                    how = END_DAMAGED
        if _only_erased(data, pos):
            how = END_TORN
        return records, pos, how
    return records, pos, END_CLEAN
