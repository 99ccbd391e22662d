# total_ordering, cmp_to_key, cached_property, reduce, partial.
import functools

@functools.total_ordering
class Version:
    def __init__(self, major, minor):
        self.key = (major, minor)
    def __eq__(self, other):
        return self.key == other.key
    def __lt__(self, other):
        return self.key < other.key
    def __repr__(self):
        return "Version%r" % (self.key,)

vs = [Version(1, 2), Version(0, 9), Version(1, 0)]
print(sorted(vs), Version(1, 0) <= Version(1, 0), Version(2, 0) > Version(1, 5), Version(1, 0) >= Version(1, 1))
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
print(sorted(["bb", "a", "ccc"], key=functools.cmp_to_key(lambda a, b: len(a) - len(b))))

class Circle:
    def __init__(self, r):
        self.r = r
    @functools.cached_property
    def area(self):
        print("computing area")
        return 3 * self.r * self.r

c = Circle(2)
print(c.area, c.area, "area" in c.__dict__)
print(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]), functools.reduce(max, [3, 9, 2], 0))
p = functools.partial(int, base=2)
print(p("101"), p.func is int, p.keywords)
try:
    @functools.total_ordering
    class Bad:
        pass
except ValueError as e:
    print("ValueError:", e)
