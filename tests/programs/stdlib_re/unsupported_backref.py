# A backreference: CPython matches it, wick's re (RE2) refuses it by name.
import re

print(re.sub(r"(\w)\1", r"<\1\1>", "aabbcd"))
