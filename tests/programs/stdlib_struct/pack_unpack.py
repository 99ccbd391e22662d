# struct.pack / unpack / unpack_from / iter_unpack / pack_into and Struct: byte orders,
# native alignment, every common code, and CPython's errors.
import struct

print(struct.pack("<if", 7, 1.5), struct.unpack("<if", struct.pack("<if", 7, 1.5)))
print(struct.pack(">hHiIqQ", -2, 2, -3, 3, -4, 4))
print(struct.pack("@bi", 1, 2), struct.pack("=bi", 1, 2), struct.pack("!d", 0.1))
print(struct.pack("<?x3sc", True, b"ab", b"z"), struct.pack("5p", b"abc"))
print(struct.pack("<e", 1.5), struct.pack("<e", -0.0001), struct.unpack("<e", b"\x00\x7c"))
print(struct.unpack("<bBhH", b"\xff\xff\xff\xff\xff\xff"), struct.unpack(">q", b"\xff" * 8))
print(struct.unpack("<3s?", b"abc\x02"), struct.unpack_from("<H", b"xxab", 2))
print(list(struct.iter_unpack("<h", b"\x01\x00\x02\x00")), struct.calcsize("<qh"))
s = struct.Struct(">IH")
print(s.size, s.format, s.pack(1, 2), s.unpack(b"\x00\x00\x00\x01\x00\x02"))
buf = bytearray(8)
struct.pack_into("<I", buf, 2, 0xdeadbeef)
print(buf)
for f, v in [("<b", 200), ("B", -1), ("<h", 70000), ("<i", 2 ** 31), ("i", 2 ** 31),
             ("<I", -1), ("I", 2 ** 32), ("<Q", -1), ("<i", "x"), ("<f", "x"),
             ("<s", 1), ("<c", b"ab")]:
    try:
        struct.pack(f, v)
    except struct.error as e:
        print(f, "error:", e)
for args in [("<i", b"abc"), ("<2i", b"abcdefgh1")]:
    try:
        struct.unpack(*args)
    except struct.error as e:
        print("error:", e)
try:
    struct.unpack_from("<i", b"abcde", 3)
except struct.error as e:
    print("error:", e)
try:
    struct.pack("<ii", 1)
except struct.error as e:
    print("error:", e)
try:
    struct.pack("<f", 1e300)
except OverflowError as e:
    print("OverflowError:", e)
try:
    struct.unpack("<i", "abcd")
except TypeError as e:
    print("TypeError:", e)
