# tuples: creation, packing, indexing, slicing, methods, comparison, hashing.
t = (1, 2, 3, 2)
print(t, t[0], t[-1], t[1:3], t[::-1], len(t), t.count(2), t.index(3))
print((), (1,), (1, 2) + (3,), (0,) * 3, (1, 2) == (1, 2))
single = 5,
print(single, type(single).__name__)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, "a") == (1, "a"))
d = {(0, 1): "edge"}
print(d[(0, 1)], d[0, 1])
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0])
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
a, b, c, d2 = t
print(a + b + c + d2)
