# re.match/search/fullmatch and the Match object's accessors.
import re

m = re.match(r"(\d+)-(\d+)", "12-34 rest")
print(m)
print(m.group(), m.group(1), m.group(2), m.group(1, 2), m.groups())
print(m.start(), m.end(), m.span(), m.start(2), m.span(1), m.regs)
m = re.search(r"(?P<key>\w+)=(?P<val>\w*)", "  alpha=beta gamma")
print(m.group("key"), m["val"], m.groupdict(), m.lastindex, m.lastgroup)
print(m.string, m.pos, m.endpos, m.re.pattern)
print(re.match("b", "ab"), re.search("b", "ab"))
print(re.fullmatch(r"a+", "aaa"), re.fullmatch(r"a+", "aab"), re.fullmatch(r"a|ab", "ab"))
m = re.match(r"(a)(b)?(c)?", "ac")
print(m.groups(), m.groups("-"), m.span(2), m.start(2), m.group(2), m.lastindex)
print(re.match(r"((a)b)", "ab").lastindex, re.match(r"(a)|(b)", "b").lastindex)
print(re.match(r"x", "x").lastindex, re.match(r"x", "x").lastgroup)
m = re.match(r"(?P<first>\w+) (?P<last>\w+)", "Jane Doe")
print(m.expand(r"\g<last>, \g<first> (\2)"))
try:
    m.group(5)
except IndexError as e:
    print("IndexError:", e)
try:
    m.group("middle")
except IndexError as e:
    print("IndexError:", e)
if re.match(r"\w+", "hello"):
    print("truthy match")
