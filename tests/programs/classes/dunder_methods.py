# __repr__, __str__, __len__, __getitem__, __call__, __eq__, __hash__, operators.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return f"Vec({', '.join(map(repr, self.xs))})"

    def __str__(self):
        return "<" + " ".join(str(x) for x in self.xs) + ">"

    def __len__(self):
        return len(self.xs)

    def __getitem__(self, i):
        return self.xs[i]

    def __setitem__(self, i, v):
        self.xs[i] = v

    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])

    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])

    def __rmul__(self, k):
        return self * k

    def __neg__(self):
        return self * -1

    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs

    def __hash__(self):
        return hash(tuple(self.xs))

    def __lt__(self, other):
        return self.xs < other.xs

    def __call__(self, k):
        return self.xs[k] * 100

    def __contains__(self, v):
        return v in self.xs

    def __bool__(self):
        return any(self.xs)


v = Vec(1, 2, 3)
w = Vec(4, 5, 6)
print(v, repr(v), [v], len(v), v[1], v[-1], v[0:2])
print(v + w, v * 2, 3 * v, -v, v(2), 2 in v, 9 in v)
v[0] = 10
print(v, v == Vec(10, 2, 3), v != w, v == 5, sorted([w, v]))
print(bool(Vec(0, 0)), bool(v), len({Vec(1), Vec(1), Vec(2)}))
print(str(v), f"{v}", f"{v!r}")
