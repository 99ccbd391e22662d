# hasattr, getattr, setattr.
class Point:
    dims = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(1, 2)
print(hasattr(p, "x"), hasattr(p, "z"), hasattr(p, "dims"), hasattr(Point, "x"))
print(getattr(p, "y"), getattr(p, "z", "default"), getattr(Point, "dims"))
setattr(p, "z", 9)
print(p.z, getattr(p, "z"))
for name in ["x", "y", "z"]:
    setattr(p, name, getattr(p, name) * 10)
print(p.x, p.y, p.z)
try:
    getattr(p, "missing")
except AttributeError as e:
    print("AttributeError:", e)
print(getattr("abc", "upper")())
print(hasattr([], "append"), hasattr(3, "real"))
