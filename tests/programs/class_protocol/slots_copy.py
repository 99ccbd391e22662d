# copy.copy / copy.deepcopy of classes with __slots__ (with and without a __dict__).
import copy
class P:
    __slots__ = ("x", "y")
    def __init__(self): self.x = 1; self.y = [2]
class Q(P):
    def __init__(self): super().__init__(); self.z = 3
for o in (P(), Q()):
    c = copy.copy(o); d = copy.deepcopy(o)
    print(type(c).__name__, c.x, c.y, d.x, d.y, d.y is o.y, c.y is o.y, getattr(d, "z", None))
