# Text files are decoded as their encoding says: invalid UTF-8 raises UnicodeDecodeError
# (not a lenient latin-1 reading), `errors=` chooses replace/ignore, and newline
# translation applies to what was decoded.
import os

path = "/tmp/wick_stdlib_io_decoding_%d.txt" % os.getpid()
with open(path, "wb") as f:
    f.write(b"\xffA\n")
try:
    print(repr(open(path).read()))
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
print(repr(open(path, errors="replace").read()))
print(repr(open(path, errors="ignore").read()))
print(repr(open(path, "rb").read()))
with open(path, "w") as f:
    f.write("h\u00e9llo w\u00f6rld \u2713\nline2\r\nline3")
print(repr(open(path).read()))
print(repr(open(path, newline="").read()))
print(open(path).readlines())
with open(path, "wb") as f:
    f.write(b"ok \xe2\x9c")  # a truncated 3-byte sequence at the end
try:
    open(path).read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
os.remove(path)
