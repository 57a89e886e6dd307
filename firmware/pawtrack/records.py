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

from pawtrack import const

try:
    from binascii import crc32 as _crc32
except ImportError:  # a MicroPython build without it
    _crc32 = None

PREAMBLE_SIZE = const(5)
HEAD_SIZE = const(4)
CRC_SIZE = const(4)
OVERHEAD = HEAD_SIZE + CRC_SIZE

END_CLEAN = "clean"
END_TORN = "torn"
END_DAMAGED = "damaged"

_POLY = const(0xEDB88320)


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


# crc32(data, value=0): CRC-32 of ``data`` (continuing from ``value``) as an unsigned
# int. binascii's, called straight (a Python wrapper around it cost a record read on
# the Pico three times what the CRC itself does), else the bit-by-bit one.
crc32 = crc32_python if _crc32 is None else _crc32

# The CRC-32 of a whole record, its own CRC (little-endian) included, whatever the
# record: checking it is one call and one compare with a small int.
GOOD_RECORD_CRC = const(0x2144DF1C)


def record_end(buf, view, pos, fill, max_payload):
    """The offset after the good record at ``pos`` in ``buf[:fill]`` (``view`` its
    memoryview), or -1 if there is none there or it does not end before ``fill``.

    The head's check byte is not looked at on its own: the record's CRC covers it."""
    if fill - pos < OVERHEAD:
        return -1
    length = buf[pos] | buf[pos + 1] << 8
    end = pos + OVERHEAD + length
    if length > max_payload or end > fill:
        return -1
    if crc32(view[pos:end]) != GOOD_RECORD_CRC:
        return -1
    return end


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


class Reader:
    """Records read one at a time from an open file, in a fixed amount of memory.

    ``next()`` returns ``(kind, payload bytes)`` or None at the end; then
    ``how`` is END_CLEAN, END_TORN or END_DAMAGED (as ``scan`` decides) and
    ``end`` is the offset just after the last good record. However long the
    file, the reader holds one buffer of ``max_payload + OVERHEAD`` bytes plus
    a chunk, so a long match journal never needs its whole file in RAM.
    """

    CHUNK = 512

    def __init__(self, f, max_payload, start=0):
        self.f = f
        self.max_payload = max_payload
        self.buffer = bytearray(max_payload + OVERHEAD + self.CHUNK)
        self.view = memoryview(self.buffer)
        self.pos = 0  # next unread byte in the buffer
        self.fill = 0  # bytes of the buffer holding file data
        self.eof = False
        self.end = start  # file offset of self.pos
        self.how = None

    def _want(self, count):
        """Make ``count`` unread bytes available if the file has them; True if so."""
        if self.fill - self.pos >= count:
            return True
        if self.pos:
            left = self.fill - self.pos
            self.buffer[:left] = self.view[self.pos : self.fill]
            self.pos = 0
            self.fill = left
        while not self.eof and self.fill < count:
            got = self.f.readinto(self.view[self.fill :])
            if not got:
                self.eof = True
            else:
                self.fill += got
        return self.fill - self.pos >= count

    def _rest_is_erased(self, start):
        """Whether the bytes from buffer offset ``start`` to the end of the file are erased
        (all 0x00 or all 0xFF, or none at all)."""
        erased = None
        chunk = bytes(self.view[start : self.fill])
        while chunk:
            if erased is None:
                erased = chunk[0]
                if erased not in (0x00, 0xFF):
                    return False
            if chunk != bytes((erased,)) * len(chunk):
                return False
            chunk = b"" if self.eof else self.f.read(self.CHUNK)
        return True

    def next(self):
        if self.how is not None:
            return None
        if not self._want(1):
            self.how = END_CLEAN
            return None
        if not self._want(HEAD_SIZE):
            self.how = END_TORN  # the file ends inside a record's head
            return None
        pos = self.pos
        length, kind, check = struct.unpack_from("<HBB", self.buffer, pos)
        if crc32(self.view[pos : pos + 3]) & 0xFF != check or length > self.max_payload:
            self.how = END_TORN if self._rest_is_erased(pos) else END_DAMAGED
            return None
        size = HEAD_SIZE + length + CRC_SIZE
        if not self._want(size):
            self.how = END_TORN  # the file ends inside this record
            return None
        pos = self.pos
        end = pos + size
        (crc,) = struct.unpack_from("<I", self.buffer, end - CRC_SIZE)
        if crc32(self.view[pos : end - CRC_SIZE]) != crc:
            self.how = END_TORN if self._rest_is_erased(end) else END_DAMAGED
            return None
        payload = bytes(self.view[pos + HEAD_SIZE : end - CRC_SIZE])
        self.pos = end
        self.end += size
        return kind, payload
