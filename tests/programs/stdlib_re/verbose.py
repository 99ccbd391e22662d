# re.VERBOSE patterns with comments, and a small tokenizer built on named groups.
import re

number = re.compile(r"""
    (?P<int>\d+)      # integer part
    (?:\.(?P<frac>\d+))?  # optional fraction
    \s*
    (?P<unit>[a-z]+)  # unit
""", re.VERBOSE)
for text in ["10 kg", "3.25m", "7 s"]:
    m = number.match(text)
    print(m.groupdict(), m.lastgroup)

TOKEN = re.compile(r"(?P<NUM>\d+(?:\.\d+)?)|(?P<NAME>[A-Za-z_]\w*)|(?P<OP>[-+*/()=])|(?P<WS>\s+)")
def tokenize(src):
    out = []
    for m in TOKEN.finditer(src):
        if m.lastgroup != "WS":
            out.append((m.lastgroup, m.group()))
    return out
print(tokenize("x = 3.5 * (y + 42)"))
print(re.compile("(?x) a b [ ] c").pattern, re.match("(?x) a b [ ] c", "ab c"))
