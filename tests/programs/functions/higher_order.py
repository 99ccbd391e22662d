# Functions as values: passing, returning, storing in containers, functools.partial.
import functools
import operator


def apply(fn, *args):
    return fn(*args)


ops = {"add": operator.add, "mul": operator.mul, "neg": operator.neg}
print(apply(ops["add"], 2, 3), apply(ops["mul"], 4, 5), apply(ops["neg"], 6))
pow2 = functools.partial(pow, 2)
print(pow2(10), functools.partial(int, base=2)("1010"))
p = functools.partial(lambda a, b, c: (a, b, c), 1, c=3)
print(p(2), p(b=5))
print(sorted([(1, "b"), (0, "a")], key=operator.itemgetter(1)))
print(list(map(operator.sub, [5, 6], [1, 2])), operator.getitem([7, 8], 1))
print(functools.reduce(operator.mul, range(1, 6)), functools.reduce(lambda a, b: a + b, [], 0))
print(operator.lt(1, 2), operator.eq(3, 3), operator.truediv(1, 4), operator.floordiv(7, 2))
