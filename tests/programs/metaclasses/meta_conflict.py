# Incompatible metaclasses: CPython's metaclass-conflict TypeError.
class M1(type):
    pass


class M2(type):
    pass


class M3(M1):
    pass


class A(metaclass=M1):
    pass


class B(metaclass=M2):
    pass


class C(metaclass=M3):
    pass


class D(A, C):
    pass


print(type(D).__name__)
try:
    class E(A, B):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    M1("X", (B,), {})
except TypeError as e:
    print("TypeError:", e)


class F(A, B, metaclass=M2):
    pass
