# findall's shapes (no group, one group, several) and finditer, with empty matches.
import re

print(re.findall(r"\d+", "a1b22c333"))
print(re.findall(r"(\w)(\d)", "a1 b2 c"))
print(re.findall(r"(a)|b", "ab"))
print(re.findall(r"x*", "axxb"))
print([m.span() for m in re.finditer(r"x*", "axxb")])
print([m.group() for m in re.finditer(r"[A-Z][a-z]+", "Hello World And Moon")])
print(re.findall(r"^\w+", "one\ntwo\nthree", re.M))
print(re.findall(r"\b\w", "the quick brown fox"))
p = re.compile(r"\d")
print(p.findall("a1b2c3d4", 2, 6), [m.start() for m in p.finditer("1a2b3")])
print(re.findall(r"", "abc"))
tokens = re.findall(r"\d+\.\d*|\w+|[^\s\w]", "x = 3.14 * (y + 42)")
print(tokens)
