# bytes methods and the utf-8 / latin-1 / ascii codecs: encode/decode with error
# handlers and CPython's messages, hex/fromhex, find/index/count, startswith/endswith,
# join, split, strip, replace, upper/lower, int.to_bytes / int.from_bytes.
s = "héllo wörld €"
u = s.encode()
print(u, len(u), u.decode(), u.decode("utf-8") == s, s.encode("utf_8") == u)
print("abc".encode("ascii"), "é".encode("latin-1"), b"\xe9".decode("latin-1"))
print(b"\xff\xfeab".decode("utf-8", "replace"), b"\xffab".decode("ascii", "ignore"),
      "a€b".encode("ascii", "replace"), "a€b".encode("latin-1", "ignore"))
for bad in [lambda: b"\xff".decode(), lambda: b"ab\xc3".decode("utf-8"),
            lambda: b"\xe9t\xe9".decode("ascii"), lambda: "€".encode("latin-1"),
            lambda: "aé".encode("ascii"), lambda: b"x".decode("nope"),
            lambda: b"\xc3\x28".decode(), lambda: "😀".encode("ascii")]:
    try:
        bad()
    except (UnicodeError, LookupError) as e:
        print(type(e).__name__, e)
print(issubclass(UnicodeDecodeError, UnicodeError), issubclass(UnicodeError, ValueError))
h = b"\x00\x0f\xab\xff"
print(h.hex(), h.hex(":"), h.hex("-", 2), bytes.fromhex("00 0f ab ff") == h,
      bytearray.fromhex("4142"))
try:
    bytes.fromhex("0g")
except ValueError as e:
    print(e)
t = b"one,two,,three"
print(t.find(b"two"), t.find(b"x"), t.rfind(b","), t.index(b","), t.count(b","), t.find(44))
print(t.startswith(b"one"), t.endswith((b"x", b"three")), t.startswith(b"two", 4))
print(t.split(b","), t.split(b",", 1), b"  a b\tc \n".split(), b",".join([b"a", b"b"]))
print(b"  pad  ".strip(), b"xxhixx".strip(b"x"), b"  l".lstrip(), b"r  ".rstrip())
print(t.replace(b",", b";"), t.replace(b",", b"", 2), b"MiXeD".upper(), b"MiXeD".lower())
print((1024).to_bytes(2, "big"), (1024).to_bytes(4, "little"), (-2).to_bytes(2, "big", signed=True))
print(int.from_bytes(b"\x04\x00", "big"), int.from_bytes(b"\x00\x04", "little"),
      int.from_bytes(b"\xff\xfe", "big", signed=True), int.from_bytes([1, 0], "little"))
for bad in [lambda: (256).to_bytes(1, "big"), lambda: (-1).to_bytes(2, "big"),
            lambda: (1).to_bytes(1, "middle"), lambda: b",".join([b"a", "b"]),
            lambda: t.index(b"zz"), lambda: t.startswith("one")]:
    try:
        bad()
    except (OverflowError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
