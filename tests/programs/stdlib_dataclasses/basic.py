from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1)
print(p, Point(1, 2), Point(y=3, x=4), p.x, p.y, repr(p), str(p))
print(Point(1, 2) == Point(1, 2), Point(1) == Point(2), Point(1) == (1, 0), Point.__eq__(p, 3))
print(Point.__hash__, Point.__match_args__, Point.__init__.__qualname__, Point.__repr__.__qualname__)
p.x = 10
print(p, Point.y, hasattr(Point, "x"))


class Nested:
    @dataclass
    class Inner:
        v: int


print(Nested.Inner(1))


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty())
