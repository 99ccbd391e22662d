# set methods and operators (printed sorted: set order is not part of the contract).
s = {3, 1, 2}
s.add(4)
s.add(1)
s.discard(10)
s.discard(3)
print(sorted(s), len(s), 2 in s, 3 in s)
s.remove(4)
try:
    s.remove(4)
except KeyError as e:
    print("KeyError:", e)
a, b = {1, 2, 3, 4}, {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b)))
print(a.issubset({1, 2, 3, 4, 5}), {1} <= a, a >= {1, 2}, a.isdisjoint({9}))
c = set(a)
c.update([7, 8])
print(sorted(c), a == {4, 3, 2, 1}, set() == set())
e = {"x"}
e.clear()
print(e, len(e))
print(sorted({w.lower() for w in "A a B b c".split()}))
