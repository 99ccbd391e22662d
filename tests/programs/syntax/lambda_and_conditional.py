# Lambdas (defaults, closures, immediately called) and conditional expressions.
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2), (lambda: "now")())
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)))
adders = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in adders])
late = [lambda x: x + i for i in range(3)]
print([f(10) for f in late])
pick = lambda v: "neg" if v < 0 else "zero" if v == 0 else "pos"
print([pick(v) for v in (-1, 0, 1)])
kw = lambda *a, **k: (a, sorted(k.items()))
print(kw(1, 2, z=3, y=4))
print((lambda f: f(f(2)))(sq))
