# pickle: dumps gives CPython's bytes for protocols 2 to 4; loads reads them back, with
# shared references (memo), nested containers, OrderedDict, classes by reference and
# instances through their __dict__.
import pickle
from collections import OrderedDict


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


shared = [1, 2]
values = [None, True, False, 0, 1, 255, 256, 65535, 65536, -1, -2 ** 31, 2 ** 31, 2 ** 62,
          -2 ** 62 * 2, 1.5, -0.0, 1e300, "", "hi", "héllo €", b"", b"\x00raw", bytearray(b"ba"),
          (), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4), [], [1, [2, [3]]], {}, {"a": 1, 2: "b"},
          set(), {3}, frozenset([4]), [shared, shared], OrderedDict([("z", 1), ("a", 2)]),
          int, Point, len]
for proto in (2, 3, 4):
    for v in values:
        data = pickle.dumps(v, proto)
        back = pickle.loads(data)
        print(proto, repr(v), data, back == v)
    print(pickle.loads(pickle.dumps([shared, shared], proto)))
p = pickle.loads(pickle.dumps(Point(1, "two"), 2))
print(p, type(p) is Point)
od = pickle.loads(pickle.dumps(OrderedDict(b=1, a=2)))
print(od, type(od).__name__)
big = list(range(2500))
print(pickle.loads(pickle.dumps(big, 2)) == big, pickle.loads(pickle.dumps(big)) == big)
print(pickle.dumps({"k": [1.0, (2, 3)]}))
