# bytes and bytearray: literals, repr (quote choice, escapes), indexing, slicing, len,
# iteration, comparisons, hashing, concatenation, repetition and membership.
b = b"hello"
print(b, repr(b), type(b).__name__, len(b))
print(b[0], b[-1], b[1:3], b[::-1], b[::2], list(b))
print(b'it\'s', b"say \"hi\"", b'both \' and "', b"\x00\x7f\x80\xff\t\n\r\\")
print(b"" == b"", b"a" < b"b", b"ab" < b"abc", b"b" > b"abc", b"x" == "x", b"a" != b"a")
print(hash(b"abc") == hash(b"abc"), {b"k": 1}[b"k"], b"abc" in {b"abc", b"d"})
print(b"ab" + b"cd", b"ab" * 3, 2 * b"xy", b"ab" * 0, b"ell" in b, 104 in b, 120 in b)
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(range(5)), bytes(b"copy"))
print(bytes("héllo", "utf-8"), bytes("abc", encoding="ascii"), bytes((x for x in [1, 2])))
ba = bytearray(b"abc")
print(ba, repr(ba), len(ba), ba[0], ba[1:], ba == b"abc", b"abc" == ba)
ba[0] = 120
ba.append(100)
ba.extend([101, 102])
ba += b"!"
ba[1:3] = b"YZW"
print(ba, ba.pop(), ba, ba.copy(), bytearray(2), bytearray([1, 2]))
del ba[0]
del ba[1:3]
print(ba, bytes(ba), bytearray(b"x") + b"y", b"x" + bytearray(b"y"))
ba.clear()
print(ba, not ba, bool(b"x"), isinstance(b"", bytes), isinstance(ba, bytearray))
def _store(ba, v):
    ba[0] = v


for bad in [lambda: b"a" + "b", lambda: b[10], lambda: b["x"], lambda: bytes("x"),
            lambda: bytes([256]), lambda: bytes(-1), lambda: _store(bytearray(b"a"), 300),
            lambda: hash(bytearray(b"x")), lambda: "x" in b, lambda: bytes(None),
            lambda: bytearray()[0], lambda: bytes(["a"])]:
    try:
        bad()
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
