"""zlib: crc32 (native, the checksum zip files carry) and adler32. Compression is not
built: compress/decompress raise NotImplementedError naming themselves."""

import _wick_struct

__all__ = ["crc32", "adler32", "compress", "decompress", "error"]


class error(Exception):
    pass


error.__module__ = "zlib"


def crc32(data, value=0):
    return _wick_struct.crc32(data, value & 0xFFFFFFFF)


def adler32(data, value=1):
    a = value & 0xFFFF
    b = (value >> 16) & 0xFFFF
    for c in data:
        a = (a + c) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def compress(data, level=-1):
    raise NotImplementedError("zlib.compress is not supported by wick")


def decompress(data, wbits=15, bufsize=16384):
    raise NotImplementedError("zlib.decompress is not supported by wick")
