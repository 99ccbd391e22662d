# Look-ahead: CPython matches it, wick's re (RE2) refuses it by name.
import re

print(re.findall(r"\w+(?=,)", "a, b, c"))
