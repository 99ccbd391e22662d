# obj.__class__ = cls between classes of the same layout (what torch.nn.utils.parametrize
# does to a module), and the TypeErrors for everything else.
class A:
    def who(self):
        return "A"


class B(A):
    def who(self):
        return "B"


class Slotted:
    __slots__ = ("x",)


a = A()
a.v = 1
a.__class__ = B
print(type(a).__name__, a.who(), a.v, isinstance(a, B))
a.__class__ = A
print(type(a).__name__, a.who())
C = type("C", (A,), {"who": lambda self: "C"})
a.__class__ = C
print(type(a).__name__, a.who(), type(a).__bases__[0].__name__)
for bad in [5, int, Slotted]:
    try:
        a.__class__ = bad
    except TypeError as e:
        print("TypeError:", e)
try:
    del a.__class__
except TypeError as e:
    print("TypeError:", e)
