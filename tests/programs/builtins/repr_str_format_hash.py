# repr, str, format, hash, chr, ord.
print(repr(1), repr(1.0), repr("a"), repr([1, "a"]), repr((1,)), repr({"k": "v"}))
print(repr(None), repr(True), repr(()), repr([]), repr({}), repr(set()))
print(str("a"), str(["a"]), str(("a", 1.5)))
print(format(3.14159, ".3f"), format(42, "08b"), format("x", ">4"), format(255, "x"))
print(format(1234.5, ",.1f"), format(0.5, "%"), format(7), format(7, ""))
print(hash(1) == hash(1.0), hash("abc") == hash("abc"), hash((1, 2)) == hash((1, 2)))
print(hash(7), hash(-1) == hash(-2), hash(True), hash(None) == hash(None))
print(chr(65), chr(97), chr(8364), ord("A"), ord("z"), ord("€"))
print([chr(ord("a") + i) for i in range(5)])
try:
    hash([1])
except TypeError as e:
    print("TypeError:", e)
