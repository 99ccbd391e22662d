# any, all, map, filter.
print(any([]), all([]), any([0, "", None]), all([1, "x", [0]]))
print(any(x > 2 for x in range(4)), all(x < 4 for x in range(4)))
print(list(map(str, [1, 2, 3])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])))
print(list(filter(lambda v: v % 2, range(10))))
m = map(abs, [-1, -2])
print(next(m), next(m), next(m, "done"))
print(sum(map(int, "12345")))
