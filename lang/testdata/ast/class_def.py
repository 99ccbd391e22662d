class A: pass
class B(A): pass
class C(A, B): pass
class D(metaclass=M): pass
class E(A, *bases, metaclass=M, **kw): pass
class F():
    x = 1
    def method(self):
        return self.x
    @staticmethod
    def s(): pass
