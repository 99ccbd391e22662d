# str() falls back to __repr__; containers use repr of elements; subclass overrides.
class OnlyRepr:
    def __repr__(self):
        return "OnlyRepr()"


class OnlyStr:
    def __init__(self, n):
        self.n = n

    def __str__(self):
        return f"OnlyStr #{self.n}"

    def __repr__(self):
        return f"OnlyStr({self.n})"


class Child(OnlyRepr):
    def __str__(self):
        return "child-str"


print(OnlyRepr(), str(OnlyRepr()), [OnlyRepr()])
print(OnlyStr(1), [OnlyStr(2)], (OnlyStr(3),), {"k": OnlyStr(4)})
print(Child(), repr(Child()), f"{Child()}|{Child()!r}")
