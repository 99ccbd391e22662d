# sorted, min, max, sum with key/reverse/default/start.
words = ["pear", "Apple", "fig", "banana", "kiwi"]
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len, reverse=True))
print(sorted([3, 1, 2], reverse=True), sorted("cab"), sorted((2.5, -1, 0)))
pairs = [(1, "b"), (0, "z"), (1, "a")]
print(sorted(pairs), sorted(pairs, key=lambda p: p[1]))
print(min(4, 2, 8), max(4, 2, 8), min([5, 3]), max("hello"))
print(min(words, key=len), max(words, key=len))
print(min([], default="empty"), max([], default=None))
print(sum([1, 2, 3]), sum([0.5, 0.25]), sum([[1], [2]], []), sum(range(4), 10))
print(max([1, 5, 5, 2], key=lambda v: v % 5))
stable = sorted([("b", 2), ("a", 2), ("c", 1)], key=lambda p: p[1])
print(stable)
