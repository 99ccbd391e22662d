# CPython's TypeError for bases that cannot be linearised, caught and uncaught.
class A: pass
class B(A): pass
class X: pass
class Y: pass
class XY(X, Y): pass
class YX(Y, X): pass

try:
    class Bad(A, B):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    class Bad2(XY, YX):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    class Dup(A, A):
        pass
except TypeError as e:
    print("TypeError:", e)

try:
    type("Dyn", (A, B), {})
except TypeError as e:
    print("TypeError:", e)


class Fine(B, A):
    pass


print([k.__name__ for k in Fine.__mro__])


class Z(XY, YX):
    pass
