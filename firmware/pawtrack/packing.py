"""A compact, type-exact byte encoding of plain values, for the games' checkpoints.

``pack(value)`` turns None, booleans, integers, strings, bytes, bytearrays,
lists, tuples and dicts (nested as deep as ``MAX_DEPTH``) into bytes, and
``unpack(data)`` gives back an equal value of exactly the same types (a tuple
stays a tuple, a bytearray a bytearray), which JSON cannot do. Dict items
keep their order. Anything else raises ValueError, and so does ``unpack`` of
bytes that are not exactly one packed value.

Layout (one tag byte per value, then its contents)::

    0x00 None   0x01 False   0x02 True
    0x03 int    zigzag varint (any size)
    0x04 str    varint length, UTF-8        0x30-0x3F  str of 0-15 bytes
    0x05 bytes  varint length, bytes
    0x06 bytearray, like bytes
    0x07 list   varint count, items         0x10-0x1F  list of 0-15 items
    0x08 tuple  varint count, items         0x20-0x2F  tuple of 0-15 items
    0x09 dict   varint count, key, value, key, value ...
    0x0A        the same text as the string numbered varint: every string
                written in full gets the next number (0, 1, ...) as it appears
    0x40-0xFF   the integer tag - 0x48 (-8 .. 183) in the tag alone

A varint is 7 bits a byte, least significant first, the top bit set on every
byte but the last. A game's state of a few dozen small numbers and short
lists therefore costs about one byte a number, and a name that comes back
(a token in a bag, a hero on the track and in the cheese counts) two bytes.
"""

from pawtrack import const

MAX_DEPTH = const(12)

_NONE = const(0x00)
_FALSE = const(0x01)
_TRUE = const(0x02)
_INT = const(0x03)
_STR = const(0x04)
_BYTES = const(0x05)
_BYTEARRAY = const(0x06)
_LIST = const(0x07)
_TUPLE = const(0x08)
_DICT = const(0x09)
_AGAIN = const(0x0A)
_SHORT_LIST = const(0x10)
_SHORT_TUPLE = const(0x20)
_SHORT_STR = const(0x30)
_SMALL_INT = const(0x40)
_SMALL_ZERO = const(0x48)  # the tag of 0
_SMALL_MIN = _SMALL_INT - _SMALL_ZERO
_SMALL_MAX = 0xFF - _SMALL_ZERO
_NO_KEY = object()  # a dict being read whose next item is a key


def _varint(out, n):
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _sized(out, short_tag, long_tag, count):
    if count < 16 and short_tag is not None:
        out.append(short_tag + count)
    else:
        out.append(long_tag)
        _varint(out, count)


def _pack(out, value, depth, seen):
    if depth > MAX_DEPTH:
        raise ValueError("nested too deep to pack")
    if value is None:
        out.append(_NONE)
    elif value is True:
        out.append(_TRUE)
    elif value is False:
        out.append(_FALSE)
    elif isinstance(value, int):
        if _SMALL_MIN <= value <= _SMALL_MAX:
            out.append(value + _SMALL_ZERO)
        else:
            out.append(_INT)
            _varint(out, value * 2 if value >= 0 else -value * 2 - 1)
    elif isinstance(value, str):
        number = seen.get(value)
        if number is not None:
            out.append(_AGAIN)
            _varint(out, number)
            return
        seen[value] = len(seen)
        data = value.encode()
        _sized(out, _SHORT_STR, _STR, len(data))
        out.extend(data)
    elif isinstance(value, bytearray):
        _sized(out, None, _BYTEARRAY, len(value))
        out.extend(value)
    elif isinstance(value, bytes):
        _sized(out, None, _BYTES, len(value))
        out.extend(value)
    elif isinstance(value, (list, tuple)):
        short, long = (_SHORT_LIST, _LIST) if isinstance(value, list) else (_SHORT_TUPLE, _TUPLE)
        _sized(out, short, long, len(value))
        for item in value:
            _pack(out, item, depth + 1, seen)
    elif isinstance(value, dict):
        _sized(out, None, _DICT, len(value))
        for key in value:
            _pack(out, key, depth + 1, seen)
            _pack(out, value[key], depth + 1, seen)
    else:
        raise ValueError("cannot pack a %s" % (type(value).__name__,))


def pack(value):
    """The bytes of ``value`` (see the module docstring); ValueError for other types."""
    out = bytearray()
    _pack(out, value, 0, {})
    return bytes(out)


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0
        self.strings = []  # every string read in full, by number

    def byte(self):
        if self.pos >= len(self.data):
            raise ValueError("packed value cut short")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7
            if shift > 70:
                raise ValueError("packed number too long")

    def take(self, count):
        end = self.pos + count
        if end > len(self.data):
            raise ValueError("packed value cut short")
        part = bytes(self.data[self.pos : end])
        self.pos = end
        return part

    def value(self):
        """The next packed value, containers and all.

        Without recursion: an undo rebuilds a game from its checkpoint deep inside a
        button press, where each nested call would take C stack the Pico does not
        have ("maximum recursion depth exceeded"). The open containers are a list
        of [items so far, items left, kind, the key read for a dict's next value]."""
        open_ = []
        while True:
            if len(open_) > MAX_DEPTH:
                raise ValueError("packed value nested too deep")
            value, kind, count = self.atom(self.byte())
            if kind is not None:
                if count > len(self.data) - self.pos:  # an item takes a byte at least
                    raise ValueError("packed value cut short")
                if count:
                    open_.append([{} if kind == _DICT else [], count, kind, _NO_KEY])
                    continue
                value = {} if kind == _DICT else () if kind == _TUPLE else []
            while open_:  # the value goes into the innermost open container
                top = open_[-1]
                items = top[0]
                if top[2] == _DICT:
                    if top[3] is _NO_KEY:
                        top[3] = value
                        top[1] -= 1
                        break  # its value comes next
                    try:
                        items[top[3]] = value
                    except TypeError:  # a list, a dict or a bytearray (in a tuple) as a key
                        raise ValueError("packed dict key is not hashable")  # noqa: B904
                    top[3] = _NO_KEY
                else:
                    items.append(value)
                top[1] -= 1
                if top[1]:
                    break
                open_.pop()
                value = tuple(items) if top[2] == _TUPLE else items
            else:
                return value

    def atom(self, tag):
        """(value, None, 0) for a value without items; (None, kind, count) for a
        container of ``count`` items (kind _LIST, _TUPLE or _DICT; a dict's count is
        of its keys and values)."""
        if tag >= _SMALL_INT:
            return tag - _SMALL_ZERO, None, 0
        if tag >= _SHORT_STR:
            return self.text(tag - _SHORT_STR), None, 0
        if tag >= _SHORT_TUPLE:
            return None, _TUPLE, tag - _SHORT_TUPLE
        if tag >= _SHORT_LIST:
            return None, _LIST, tag - _SHORT_LIST
        if tag == _NONE:
            return None, None, 0
        if tag == _FALSE:
            return False, None, 0
        if tag == _TRUE:
            return True, None, 0
        if tag == _INT:
            n = self.varint()
            return (n >> 1 if not n & 1 else -((n + 1) >> 1)), None, 0
        if tag == _STR:
            return self.text(self.varint()), None, 0
        if tag == _BYTES:
            return self.take(self.varint()), None, 0
        if tag == _BYTEARRAY:
            return bytearray(self.take(self.varint())), None, 0
        if tag == _AGAIN:
            number = self.varint()
            if number >= len(self.strings):
                raise ValueError("packed string number unknown")
            return self.strings[number], None, 0
        if tag == _DICT:
            return None, _DICT, 2 * self.varint()
        if tag == _LIST:
            return None, _LIST, self.varint()
        if tag == _TUPLE:
            return None, _TUPLE, self.varint()
        raise ValueError("unknown packed tag %d" % tag)

    def text(self, count):
        try:
            text = self.take(count).decode()
            self.strings.append(text)
            return text
        except ValueError:  # not UTF-8 (UnicodeError is a ValueError)
            raise ValueError("packed text is not UTF-8")  # noqa: B904 - MicroPython warns about "from"


def unpack(data):
    """The value ``pack`` made ``data`` from; ValueError if it is not exactly one."""
    reader = _Reader(data)
    value = reader.value()
    if reader.pos != len(data):
        raise ValueError("bytes after the packed value")
    return value
