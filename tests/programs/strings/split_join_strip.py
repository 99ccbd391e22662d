# split, rsplit, join, strip family, splitlines.
s = "  the quick  brown fox  "
print(s.split(), s.split(" "), s.strip().split(" ", 2))
print("a,b,,c".split(","), "a,b,c".split(",", 1), "a,b,c".rsplit(",", 1))
print("".split(), "".split(","), "abc".split("x"))
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"))
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"), "abcba".strip("ab"), "..a..".lstrip("."), "..a..".rstrip("."))
print("l1\nl2\r\nl3".splitlines(), "one\n".splitlines())
try:
    "a".split("")
except ValueError as e:
    print("ValueError:", e)
try:
    "-".join([1, 2])
except TypeError as e:
    print("TypeError:", e)
