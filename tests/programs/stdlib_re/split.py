# split with capture groups, maxsplit and empty matches.
import re

print(re.split(r"\s+", " a b  c "))
print(re.split(r"(,)", "a,b,c"))
print(re.split(r",", "a,b,c,d", maxsplit=2))
print(re.split(r"\b", "ab cd"))
print(re.split(r"x*", "axbc"))
print(re.split(r"(a)|(b)", "1a2b3"))
print(re.split(r"[\s,;]+", "1, 2;3   4"))
print(re.split(r"(\d)", "a1b2c", 1))
print(re.compile(r"-").split("2024-01-15"))
print(re.split("z", "abc"), re.split("a", ""), re.split("", "ab"))
