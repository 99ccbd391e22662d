# __slots__ restricts instance attributes and creates member descriptors.
class P:
    __slots__ = ("x", "y")

    def __init__(self, x):
        self.x = x


p = P(1)
print(p.x, P.x, type(P.x).__name__, hasattr(p, "y"))
p.y = 2
print(p.y)
del p.y
for attempt in (lambda: setattr(p, "z", 3), lambda: p.y, lambda: p.__dict__, lambda: vars(p)):
    try:
        attempt()
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)


class Open(P):
    pass


o = Open(5)
o.extra = 6
print(o.x, o.extra, vars(o))


class WithDict:
    __slots__ = ("a", "__dict__")


w = WithDict()
w.a = 1
w.b = 2
print(w.a, w.b, vars(w))


class One:
    __slots__ = "only"


one = One()
one.only = "yes"
print(one.only, One.__slots__)
try:
    class Clash:
        __slots__ = ("v",)
        v = 3
except ValueError as e:
    print("ValueError:", e)


class SlotErr(Exception):
    __slots__ = ()


e = SlotErr("m")
e.note = 1
print(e.note)
