# Mixins adding behaviour to a main base: attribute lookup through the MRO.
class ReprMixin:
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items()))
        return f"{type(self).__name__}({fields})"


class EqMixin:
    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    __hash__ = None


class CounterMixin:
    created = 0

    def __init__(self, *args, **kwargs):
        type(self).created += 1
        super().__init__(*args, **kwargs)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class FancyPoint(CounterMixin, ReprMixin, EqMixin, Point):
    pass


a = FancyPoint(1, 2)
b = FancyPoint(1, 2)
print(a, b, a == b, a != FancyPoint(2, 1))
print(FancyPoint.created, CounterMixin.created)
try:
    hash(a)
except TypeError as e:
    print("TypeError:", e)
print([k.__name__ for k in FancyPoint.__mro__])
