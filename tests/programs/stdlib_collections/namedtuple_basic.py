from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], len(p), p._fields, Point.__doc__)
x, y = p
print(x, y, p == (1, 2), hash(p) == hash((1, 2)), isinstance(p, tuple), type(p))
print(p._asdict(), p._replace(x=5), Point._make([3, 4]), tuple(p), p + (9,))
P3 = namedtuple("P3", "a b c", defaults=[0, 1])
print(P3(5), P3(5, c=7), P3._field_defaults, P3._fields)
Color = namedtuple("Color", "red, green, blue")
print(Color(1, 2, 3), sorted([Point(2, 1), Point(1, 5)]), max(Point(1, 2), Point(1, 3)))
R = namedtuple("R", ["a", "def", "_c", "a"], rename=True)
print(R._fields, R(1, 2, 3, 4))
print(Point.x.__doc__, Point.__name__, Point.__module__)


class Vector(namedtuple("Vector", "x y")):
    def norm2(self):
        return self.x ** 2 + self.y ** 2


v = Vector(3, 4)
print(v, v.norm2(), type(v).__name__, Vector.__mro__[1].__name__)
