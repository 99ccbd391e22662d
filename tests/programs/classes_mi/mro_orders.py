# C3 linearisation of several hierarchies, compared with CPython's.
class O: pass
class A(O): pass
class B(O): pass
class C(O): pass
class D(O): pass
class E(O): pass
class K1(A, B, C): pass
class K2(D, B, E): pass
class K3(D, A): pass
class Z(K1, K2, K3): pass


def names(cls):
    return " ".join(k.__name__ for k in cls.__mro__)


for cls in (K1, K2, K3, Z):
    print(cls.__name__, ":", names(cls))

class X: pass
class Y: pass
class XY(X, Y): pass
class YX(Y, X): pass
print(names(XY), "|", names(YX))
print(type.mro(Z) == list(Z.__mro__))
