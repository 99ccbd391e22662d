"""struct: calcsize and Struct.size with CPython's native and standard sizes and
alignment. pack/unpack need a bytes type, which wick does not have: they raise
NotImplementedError naming themselves."""

__all__ = ["calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack",
           "Struct", "error"]


class error(Exception):
    pass


_STANDARD = {"x": 1, "c": 1, "b": 1, "B": 1, "?": 1, "h": 2, "H": 2, "i": 4, "I": 4,
             "l": 4, "L": 4, "q": 8, "Q": 8, "e": 2, "f": 4, "d": 8, "s": 1, "p": 1}
_NATIVE = dict(_STANDARD, l=8, L=8, n=8, N=8, P=8)


def _items(fmt):
    if not isinstance(fmt, str):
        raise TypeError("Struct() argument 1 must be a str or bytes object, not %s"
                        % type(fmt).__name__)
    order = "@"
    i = 0
    if fmt and fmt[0] in "@=<>!":
        order = fmt[0]
        i = 1
    items = []
    n = len(fmt)
    while i < n:
        c = fmt[i]
        if c.isspace():
            i += 1
            continue
        count = None
        if c.isdigit():
            j = i
            while j < n and fmt[j].isdigit():
                j += 1
            count = int(fmt[i:j])
            i = j
            while i < n and fmt[i].isspace():
                i += 1
            if i >= n:
                raise error("repeat count given without format specifier")
            c = fmt[i]
            if c.isspace() or c.isdigit():
                raise error("repeat count given without format specifier")
        table = _NATIVE if order == "@" else _STANDARD
        if c not in table:
            raise error("bad char in struct format")
        items.append((c, 1 if count is None else count))
        i += 1
    return order, items


def calcsize(format):
    order, items = _items(format)
    table = _NATIVE if order == "@" else _STANDARD
    size = 0
    for c, count in items:
        item = table[c]
        if order == "@" and item > 1 and c not in "sp":
            size = (size + item - 1) // item * item
        if c in "sp":
            size += count
        else:
            size += item * count
    return size


def _no_bytes(name):
    raise NotImplementedError("struct.%s is not supported by wick (it has no bytes type)"
                              % name)


def pack(format, *values):
    _no_bytes("pack")


def pack_into(format, buffer, offset, *values):
    _no_bytes("pack_into")


def unpack(format, buffer):
    _no_bytes("unpack")


def unpack_from(format, buffer, offset=0):
    _no_bytes("unpack_from")


def iter_unpack(format, buffer):
    _no_bytes("iter_unpack")


class Struct:
    def __init__(self, format):
        self.format = format
        self.size = calcsize(format)

    def pack(self, *values):
        _no_bytes("Struct.pack")

    def unpack(self, buffer):
        _no_bytes("Struct.unpack")

    def iter_unpack(self, buffer):
        _no_bytes("Struct.iter_unpack")
