# The classic diamond: C3 order, cooperative super() visiting every class once.
class A:
    def __init__(self):
        print("A.__init__")
        self.trail = ["A"]

    def who(self):
        return "A"


class B(A):
    def __init__(self):
        print("B.__init__")
        super().__init__()
        self.trail.append("B")

    def who(self):
        return "B>" + super().who()


class C(A):
    def __init__(self):
        print("C.__init__")
        super().__init__()
        self.trail.append("C")

    def who(self):
        return "C>" + super().who()


class D(B, C):
    def __init__(self):
        print("D.__init__")
        super().__init__()
        self.trail.append("D")

    def who(self):
        return "D>" + super().who()


d = D()
print(d.trail)
print(d.who())
print([k.__name__ for k in D.__mro__])
print([k.__name__ for k in D.mro()])
print(D.__bases__ == (B, C), D.__base__ is B)
