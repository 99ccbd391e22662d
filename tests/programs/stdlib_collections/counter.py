from collections import Counter

c = Counter("abracadabra")
print(c)
print(c.most_common(2), c.most_common(), c["z"], c.total())
print(sorted(c.elements()), list(c.keys()))
c.update(["a", "z"])
c.update({"b": 3})
print(c)
c.subtract("aaa")
print(c, +c, -Counter(a=-2, b=1))
print(Counter(a=3, b=1) + Counter(a=1, c=2), Counter(a=3, b=1) - Counter(a=1, b=5))
print(Counter(a=3, b=1) | Counter(a=1, b=5), Counter(a=3, b=1) & Counter(a=1, b=5))
print(Counter(a=1) == Counter(a=1, b=0), Counter() == Counter(), Counter(words=2) == {"words": 2})
del c["a"]
del c["not-there"]
print(c, Counter(), Counter(x=0))
words = "the cat and the hat and the bat".split()
print(Counter(words).most_common(3))
try:
    Counter.fromkeys("ab")
except NotImplementedError as e:
    print("NotImplementedError:", e)
