"""struct: pack/unpack/calcsize/iter_unpack and Struct, over _wick_struct's native
encoder (CPython's formats, sizes, alignment and messages)."""

import _wick_struct

__all__ = ["calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack",
           "Struct", "error"]


class error(Exception):
    pass


error.__module__ = "struct"


def _fmt(format):
    if isinstance(format, (bytes, bytearray)):
        return format.decode("ascii")
    if not isinstance(format, str):
        raise TypeError("Struct() argument 1 must be a str or bytes object, not %s"
                        % type(format).__name__)
    return format


def calcsize(format):
    return _wick_struct.calcsize(error, _fmt(format))


def pack(format, *values):
    return _wick_struct.pack(error, _fmt(format), values)


def pack_into(format, buffer, offset, *values):
    data = _wick_struct.pack(error, _fmt(format), values)
    if offset < 0:
        offset += len(buffer)
    if offset < 0 or offset + len(data) > len(buffer):
        raise error("pack_into requires a buffer of at least %d bytes for packing %d "
                    "bytes at offset %d (actual buffer size is %d)"
                    % (offset + len(data), len(data), offset, len(buffer)))
    buffer[offset:offset + len(data)] = data


def unpack(format, buffer):
    return _wick_struct.unpack(error, _fmt(format), buffer, -1)


def unpack_from(format, buffer, offset=0):
    if offset < 0:
        offset += len(buffer)
    return _wick_struct.unpack(error, _fmt(format), buffer, offset)


def iter_unpack(format, buffer):
    fmt = _fmt(format)
    size = _wick_struct.calcsize(error, fmt)
    if size == 0:
        raise error("cannot iteratively unpack with a struct of length 0")
    if len(buffer) % size:
        raise error("iterative unpacking requires a buffer of a multiple of %d bytes" % size)
    return iter([_wick_struct.unpack(error, fmt, buffer, i)
                 for i in range(0, len(buffer), size)])


class Struct:
    def __init__(self, format):
        self._fmt = _fmt(format)
        self.format = self._fmt
        self.size = _wick_struct.calcsize(error, self._fmt)

    def pack(self, *values):
        return _wick_struct.pack(error, self._fmt, values)

    def pack_into(self, buffer, offset, *values):
        pack_into(self._fmt, buffer, offset, *values)

    def unpack(self, buffer):
        return _wick_struct.unpack(error, self._fmt, buffer, -1)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self._fmt, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self._fmt, buffer)

    def __repr__(self):
        return "Struct(%r)" % self.format
