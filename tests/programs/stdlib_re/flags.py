# Flags as arguments and inline, and Pattern's attributes and repr.
import re

print(re.match("ABC", "abc", re.IGNORECASE), re.match("(?i)ABC", "abc"))
print(re.match(r"a.c", "a\nc"), re.match(r"a.c", "a\nc", re.S), re.match(r"(?s)a.c", "a\nc"))
print(re.search("^b", "a\nb"), re.search("^b", "a\nb", re.M), re.search("a$", "a\nb", re.M))
print(re.match("a$", "a\n"), re.search(r"c$", "abc\n"), re.match(r"a\Z", "a\n"))
print(re.compile(r"ab", re.I | re.M))
print(re.compile("x"), re.compile("x", re.A), re.compile("x", re.X | re.S))
print(re.compile("(?i)x").flags, re.compile("x").flags, re.compile("x", re.A).flags)
print(int(re.I), int(re.M), int(re.S), int(re.X), int(re.A), int(re.U), re.I | re.M == 10)
p = re.compile(r"(?P<y>\d{4})-(?P<m>\d\d)")
print(p.pattern, p.groups, p.groupindex, p.groupindex["m"])
print(re.compile("a") == re.compile("a"), re.compile("a") is re.compile("a"))
print(re.match(r"(?i:a)b", "AB"), re.match(r"(?i:a)b", "Ab"))
print(re.findall(r"\w+", "héllo wörld", re.A), re.findall(r"\w+", "héllo wörld"))
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print("ValueError:", e)
try:
    re.compile("a", re.A | re.U)
except ValueError as e:
    print("ValueError:", e)
