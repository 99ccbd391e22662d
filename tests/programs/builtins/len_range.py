# len and range (start/stop/step, negative steps, indexing, membership).
print(len([]), len("abc"), len((1, 2)), len({"a": 1}), len({1, 2, 3}), len(range(5)))
print(list(range(5)), list(range(2, 8)), list(range(0, 10, 3)))
print(list(range(10, 0, -3)), list(range(5, 5)), list(range(-3)))
r = range(1, 20, 4)
print(r, r[0], r[-1], len(r), 9 in r, 10 in r)
print(list(r[1:3]), range(3) == range(0, 3))
print(sum(range(100)), max(range(7)), list(reversed(range(3))))
