# super(type, obj) in every position of the MRO, and super() from classmethods.
class A:
    def f(self):
        return ["A"]

    @classmethod
    def make(cls):
        return f"A.make({cls.__name__})"


class B(A):
    def f(self):
        return ["B"] + super().f()

    @classmethod
    def make(cls):
        return "B>" + super().make()


class C(A):
    def f(self):
        return ["C"] + super().f()


class D(B, C):
    def f(self):
        return ["D"] + super().f()


d = D()
print(super(D, d).f())
print(super(B, d).f())
print(super(C, d).f())
print(D.make(), B.make())
print(super(B, D).make())
print(super(D, d).__self__ is d, super(D, d).__thisclass__ is D)
s = super(B, d)
print(s.f is not None, type(s).__name__)
