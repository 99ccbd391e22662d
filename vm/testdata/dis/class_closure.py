def make(base):
    class C(base):
        v = base
        def get(self):
            return __class__, base
    return C
class Outer:
    class Inner:
        def m(self):
            pass
