from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(1, 2)
calls = [
    lambda: Point(1),
    lambda: Point(),
    lambda: Point(1, 2, 3),
    lambda: Point(1, z=3),
    lambda: Point(1, x=2),
    lambda: Point._make([1]),
    lambda: p._replace(q=1),
    lambda: namedtuple("X", ["a", "a"]),
    lambda: namedtuple("X", ["_a"]),
    lambda: namedtuple("X", ["def"]),
    lambda: namedtuple("1X", ["a"]),
    lambda: namedtuple("X", ["a", "b"], defaults=[1, 2, 3]),
]
for call in calls:
    try:
        call()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError")
