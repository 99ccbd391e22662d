# __new__: object.__new__(cls), super().__new__(cls), and returning other objects.
class Point:
    def __new__(cls, *args):
        print("Point.__new__", cls.__name__, args)
        self = super().__new__(cls)
        self.created = True
        return self

    def __init__(self, x, y):
        print("Point.__init__")
        self.x, self.y = x, y


p = Point(1, 2)
print(p.created, p.x, p.y)


class Cached:
    _cache = {}

    def __new__(cls, key):
        if key not in cls._cache:
            cls._cache[key] = object.__new__(cls)
        return cls._cache[key]

    def __init__(self, key):
        self.key = key


print(Cached("a") is Cached("a"), Cached("a") is Cached("b"))


class NotMine:
    def __new__(cls):
        return 42

    def __init__(self):
        print("never called")


print(NotMine())
raw = object.__new__(Point)
print(type(raw).__name__, hasattr(raw, "x"))
try:
    object.__new__(3)
except TypeError as e:
    print("TypeError:", e)
try:
    object.__new__(int)
except TypeError as e:
    print("TypeError:", e)
