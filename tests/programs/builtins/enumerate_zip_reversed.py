# enumerate, zip, reversed.
for i, ch in enumerate("abc"):
    print(i, ch)
print(list(enumerate(["x", "y"], start=10)))
print(list(zip([1, 2, 3], "ab")))
print(list(zip()), list(zip([1], [2], [3])))
names, ages = zip(*[("ann", 3), ("bob", 5)])
print(names, ages)
print(dict(zip("abc", range(3))))
print(list(reversed([1, 2, 3])), "".join(reversed("hello")))
print(list(reversed((4, 5))), list(reversed(range(2, 6))))
