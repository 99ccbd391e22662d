# struct.calcsize: native sizes and alignment versus standard sizes.
import struct

for f in ["i", "@ci", "<ci", "=q", ">hhl", "@hhl", "3s", "@b i", "4x", "0i", "@iq", "@qi",
          "!d", "@P", "n", "e", "?", "2h3d", "<10s2H", "ffff"]:
    print(repr(f), struct.calcsize(f))
for f in ["<n", "z", "3", "@ 5"]:
    try:
        struct.calcsize(f)
    except struct.error as e:
        print(repr(f), "error:", e)
s = struct.Struct("<iH")
print(s.size, s.format, issubclass(struct.error, Exception))
