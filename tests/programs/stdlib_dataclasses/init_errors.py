from dataclasses import dataclass, field


@dataclass
class Point:
    x: int
    y: int = 0


@dataclass
class Three:
    a: int
    b: int
    c: int


for call in [lambda: Point(), lambda: Point(1, 2, 3), lambda: Point(1, z=2), lambda: Point(1, x=2),
             lambda: Three(), lambda: Three(1), lambda: Three(1, 2, 3, 4)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
try:
    @dataclass
    class Mutable:
        items: list = []
except ValueError as e:
    print("ValueError:", e)
try:
    @dataclass
    class Order:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    field(default=1, default_factory=list)
except ValueError as e:
    print("ValueError:", e)
