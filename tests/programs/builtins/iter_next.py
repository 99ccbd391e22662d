# iter and next, StopIteration, iterating different containers.
it = iter([1, 2, 3])
print(next(it), next(it), next(it))
try:
    next(it)
except StopIteration:
    print("StopIteration")
print(next(iter(()), "default"))
d = iter({"a": 1, "b": 2})
print(next(d), next(d))
s = iter("xy")
print(list(s), list(s))
r = iter(range(3))
next(r)
print(list(r))
z = zip("ab", [1, 2])
print(next(z), list(z))
e = enumerate(["p", "q"])
print(next(e), next(e), next(e, None))
