# re.error for malformed patterns: CPython's messages and positions.
import re

for pat in ["(a", "a)", "*a", "a**", "[a", r"\q", "a{3,2}", "[z-a]", "a(?i)",
            "(?P<a>x)(?P<a>y)", "(?P<1a>x)", "(?P<>x)", "(?Px)", "a\n(b"]:
    try:
        re.compile(pat)
        print("compiled", repr(pat))
    except re.error as e:
        print(repr(pat), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)
try:
    re.match("a", 1)
except TypeError as e:
    print("TypeError:", e)
print(issubclass(re.error, Exception), re.error.__name__)
