# frozenset: construction, repr, hashing, operators and methods mixed with set.
a = frozenset([3, 1, 2, 3])
b = frozenset("abc")
print(a, frozenset(), len(a), 2 in a, 5 not in a, sorted(b))
print(a | {4}, a & {1, 2, 9}, a - {1}, a ^ {1, 7}, type(a | {4}).__name__)
print({4} | a, type({4} | a).__name__, {1, 2, 3} == a, a == frozenset({1, 2, 3}), a <= {1, 2, 3, 4})
print(a.union([9]), a.intersection({1}), a.difference([2]), a.symmetric_difference({3, 4}))
print(a.issubset(range(5)), a.issuperset([1]), a.isdisjoint([8]), a.copy() is a)
print(hash(frozenset()), hash(frozenset([1, 2, 3])), hash(frozenset({"x"})) == hash(frozenset(["x"])))
d = {frozenset([1, 2]): "pair", frozenset(): "empty"}
print(d[frozenset([2, 1])], d[frozenset()], {frozenset([1]), frozenset([1])})
c = a
c |= {10}
print(c, a, c is a)
print(frozenset(a) is a, isinstance(a, frozenset), isinstance(a, set), repr(frozenset([frozenset([1])])))
try:
    a.add(4)
except AttributeError as e:
    print("AttributeError:", e)
try:
    hash({1})
except TypeError as e:
    print("TypeError:", e)
try:
    frozenset(1)
except TypeError as e:
    print("TypeError:", e)
print(sorted(frozenset(range(20)) - frozenset(range(0, 20, 3))))
