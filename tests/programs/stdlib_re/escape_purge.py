# re.escape, the pattern cache and compiled-pattern reuse.
import re

for s in ["a.b", "1+1=2", "(x)", "tab\there", "~#&", "under_score", "ünï"]:
    print(repr(re.escape(s)), bool(re.fullmatch(re.escape(s), s)))
p = re.compile(r"\d+")
print(re.compile(p) is p, re.match(p, "42"), re.findall(p, "1 2 3"))
re.purge()
print(re.search(r"[.]", "a.b").start())
