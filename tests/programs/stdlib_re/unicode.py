# Code-point offsets and unicode classes on non-ASCII text.
import re

s = "naïve café – ünïcode 123 ٣"
print([m.span() for m in re.finditer(r"\w+", s)])
print(re.findall(r"\d", s), re.findall(r"\s", "a\u00a0b\u2003c"))
print(re.sub(r"é", "e", "café é"), re.search(r"ö(.)", "aöbc").span(1))
print(re.split(r"\W+", "über-straße, größe!"))
print(re.match(r"[à-ü]+", "éèü!").group(), re.search("Ü", "xü", re.I))
print(re.escape("naïve.*"), len(re.findall(r".", "日本語")))
