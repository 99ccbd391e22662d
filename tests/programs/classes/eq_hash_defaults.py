# Default __eq__ / __hash__ (identity), and overriding __eq__ only.
class Plain:
    pass


a, b = Plain(), Plain()
print(a == a, a == b, a != b, len({a, b, a}), {a: 1}[a])


class ByValue:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


print(ByValue(1) == ByValue(1), ByValue(1) != ByValue(2))
try:
    hash(ByValue(1))
except TypeError as e:
    print("TypeError:", e)


class Ordered:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v < other.v

    def __repr__(self):
        return f"O{self.v}"


print(sorted([Ordered(3), Ordered(1), Ordered(2)]), min(Ordered(5), Ordered(4)))
try:
    Ordered(1) <= Ordered(2)
except TypeError as e:
    print("TypeError:", e)
