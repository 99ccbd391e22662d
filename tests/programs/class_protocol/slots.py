# __slots__ is accepted; the class still works and lists its slots.
class P:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


p = P(3, -4)
print(p.x, p.y, p.norm1(), P.__slots__)


class Q(P):
    __slots__ = ()


print(Q(1, 1).norm1(), "__slots__" in Q.__dict__)
