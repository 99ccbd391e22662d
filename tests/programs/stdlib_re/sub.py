# sub/subn: group references, named groups, escapes, callables, count.
import re

print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "joe@site ann@host"))
print(re.sub(r"(?P<w>[a-z]+)", r"<\g<w>|\g<0>|\g<1>>", "ab cd"))
print(re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c9"))
print(re.subn("x*", "-", "abxd"))
print(re.sub("a", "b", "aaaa", count=2), re.subn("a", "b", "aaaa", 3))
print(re.sub(r"\s+", " ", "  lots   of\t\nspace  ").strip())
print(re.sub(r"(a)|b", r"[\1]", "abc"))
print(repr(re.sub(r",", r"\n\t", "a,b")))
print(re.sub(r"(\d+)", r"\g<1>0", "5 apples"))
print(re.compile(r"o").sub("0", "foo boo"))
print(re.sub(r"^", "> ", "line1\nline2", flags=re.M))
print(re.sub(r"x", "\\\\", "axb"))
print(re.sub(r"([A-Z])", r"_\1", "camelCaseName").lower())
for repl in [r"\2", r"\g<x>", r"\q", r"\g<1"]:
    try:
        re.sub(r"(a)", repl, "a")
    except (re.error, IndexError) as e:
        print(type(e).__name__, e)
