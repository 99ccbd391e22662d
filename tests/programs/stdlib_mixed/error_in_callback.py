# Exceptions raised by callbacks passed to re.sub and by lru_cache'd functions reach
# the caller unchanged; the program's own frame re-raises one uncaught.
import functools
import re

def double(m):
    value = int(m.group())
    if value > 5:
        raise ValueError("too big: %d" % value)
    return str(value * 2)

print(re.sub(r"\d+", double, "1 2 3"))
try:
    re.sub(r"\d+", double, "4 7")
except ValueError as e:
    print("ValueError:", e)

@functools.lru_cache(maxsize=None)
def parse(s):
    return int(s)

try:
    parse("x")
except ValueError as e:
    print("ValueError:", e, parse.cache_info().currsize)

def main():
    raise RuntimeError("failed after %s" % re.findall(r"\w+", "a b"))

main()
