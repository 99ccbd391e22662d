from dataclasses import dataclass, field, asdict, astuple, replace, is_dataclass, fields
from typing import List, Optional


@dataclass
class Point:
    x: int
    y: int = 0


@dataclass
class Shape:
    name: str
    points: List[Point] = field(default_factory=list)
    center: Optional[Point] = None
    tags: dict = field(default_factory=dict)


s = Shape("tri", [Point(0), Point(1, 1)], Point(2, 2), {"k": Point(5)})
print(asdict(s))
print(astuple(s))
print(replace(s, name="sq"), replace(Point(1), y=9))
print(is_dataclass(Shape), is_dataclass(s), is_dataclass(3), is_dataclass(int))
for call in [lambda: fields(3), lambda: asdict(Point), lambda: astuple(5), lambda: replace(3)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)


@dataclass
class Tracked:
    a: int
    count: int = field(init=False, default=0)


try:
    replace(Tracked(1), count=3)
except ValueError as e:
    print("ValueError:", e)
