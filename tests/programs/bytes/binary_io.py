# Binary files and io.BytesIO: write/read/seek/tell/readline, files opened 'wb'/'rb',
# sys.byteorder and zlib.crc32.
import io
import os
import sys
import zlib

print(sys.byteorder, zlib.crc32(b"hello"), zlib.crc32(b""), zlib.crc32(b"world", 12345),
      zlib.adler32(b"hello"))
f = io.BytesIO()
print(f.write(b"line one\n"), f.write(bytearray(b"line two\nrest")), f.tell())
f.seek(0)
print(f.readline(), f.read(4), f.tell(), f.read(), f.read(), f.getvalue())
f.seek(5)
f.write(b"ONE")
print(f.getvalue(), f.seek(0, 2), f.seek(-4, 1), f.read())
g = io.BytesIO(b"abc\ndef\n")
print(list(g), g.read())
path = "/tmp/wick_bytes_binary_io_%d.bin" % os.getpid()
with open(path, "wb") as out:
    print(out.write(bytes(range(256))), out.tell())
with open(path, "rb") as inp:
    data = inp.read(10)
    print(data, inp.tell(), inp.seek(250), inp.read(), len(data))
    inp.seek(0)
    print(len(inp.read()), inp.read(3))
try:
    open(path, "rb", encoding="utf-8")
except ValueError as e:
    print(e)
try:
    io.BytesIO().write("text")
except TypeError as e:
    print(e)
os.remove(path)
