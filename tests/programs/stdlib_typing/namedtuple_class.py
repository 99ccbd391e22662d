from typing import NamedTuple, List


class Point(NamedTuple):
    x: int
    y: float = 0.0
    label: str = "p"


p = Point(1)
print(p, p.x, p._fields, Point._field_defaults, Point.__annotations__)
print(isinstance(p, tuple), p._replace(y=2.5), p._asdict(), tuple(p), p == (1, 0.0, "p"))
a, b, c = Point(3, 4.0, "q")
print(a, b, c, Point._make([5, 6.0, "r"]))
for bad in [lambda: Point(), lambda: Point(1, 2, 3, 4), lambda: Point(1, z=2)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
Employee = NamedTuple("Employee", [("name", str), ("id", int)])
print(Employee("ann", 3), Employee.__annotations__, Employee._fields)


class Batch(NamedTuple):
    inputs: List[int]
    target: int

    def size(self):
        return len(self.inputs)


print(Batch([1, 2], 0).size(), Batch([1], 1))
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
