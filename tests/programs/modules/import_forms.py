# import M, import M as N, from M import a, b as c; imports inside functions.
import math
import math as m
from math import floor, ceil as up
import operator as op
import functools

print(math.sqrt(4), m.sqrt(9), floor(1.5), up(1.5), op.add(1, 2), m is math)


def local_import():
    import math as inner
    from operator import mul
    return inner.floor(mul(2.5, 3))


print(local_import())
try:
    from math import not_a_function
except ImportError as e:
    # CPython appends "(unknown location)" or a file path: print the part before it.
    print("ImportError:", str(e).split(" (")[0])
print(functools.partial(op.mul, 3)(4))
