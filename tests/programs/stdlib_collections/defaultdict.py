from collections import defaultdict

groups = defaultdict(list)
for word in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    groups[word[0]].append(word)
print(groups)
print(dict(groups), groups["z"], len(groups), "z" in groups)
counts = defaultdict(int, {"q": 1})
counts["q"] += 1
counts["r"] += 5
print(counts, counts.default_factory, isinstance(counts, dict))
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["b"] += 1
print(dict(nested["a"]), list(nested))
plain = defaultdict()
print(plain, plain.default_factory)
try:
    plain["missing"]
except KeyError as e:
    print("KeyError:", e)
try:
    defaultdict(5)
except TypeError as e:
    print("TypeError:", e)
print(counts.copy(), type(counts.copy()).__name__)
