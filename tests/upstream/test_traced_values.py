# Crashes and wrong answers of issue M11, each compiled and compared with eager.
# Follows upstream's test/dynamo/test_misc.py (test_isinstance_*, test_type_*,
# test_getattr_default*, test_closure_*, test_range_input*, test_inplace_return_self)
# and test_functions.py (test_builtin_sum, test_min_max over tuples). Under PyTorch 1.13
# (no torch.compile) the same file runs eagerly: its stdout is the expected output.
import math
import sys

import torch

compiling = hasattr(torch, "compile")


class Counter:
    def __init__(self):
        self.frames = 0

    def __call__(self, gm, example_inputs):
        self.frames += 1
        return gm.forward


def compile(fn, backend="eager"):
    return torch.compile(fn, backend=backend) if compiling else fn


def same(a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.shape == b.shape and bool(
            torch.all((a == b) | (torch.isnan(a) & torch.isnan(b))))
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def close(a, b):
    # The oneDNN backend's exp is about 1 ulp off eager's: equal NaN and inf positions,
    # the rest within 1e-6.
    if not isinstance(a, torch.Tensor):
        return all(close(x, y) for x, y in zip(a, b))
    finite = torch.isfinite(a)
    return bool(torch.equal(torch.isnan(a), torch.isnan(b)) and
                torch.equal(a[torch.isinf(a)], b[torch.isinf(a)]) and
                ((a[finite] - b[finite]).abs() <= 1e-6).all())


def check(name, fn, *args):
    if compiling:
        torch._dynamo.reset()  # each case compiles afresh (no recompile limit)
    want = fn(*args)
    got = compile(fn)(*args)
    print(name, want, "ok" if same(want, got) else f"MISMATCH {got}")


class Point:
    pass


def kinds(v, t):
    return (t + 1, type(v), type(v) is tuple, isinstance(v, tuple), isinstance(v, list),
            isinstance(v, dict), isinstance(v, torch.Tensor), isinstance(v, (int, float)),
            isinstance(v, str), isinstance(v, torch.Size), isinstance(v, type),
            isinstance(v, slice), isinstance(v, Point), isinstance(v, bool))


x = torch.ones(2)
values = [
    ("tuple", (x, x)),
    ("tuple_of_ints", (1, 2)),
    ("empty_tuple", ()),
    ("list", [x, 1]),
    ("dict", {"a": x}),
    ("slice", slice(1, None)),
    ("int", 3),
    ("float", 2.5),
    ("bool", True),
    ("str", "s"),
    ("none", None),
    ("size", torch.Size([2, 3])),
    ("tensor", x),
    ("class", Point),
    ("instance", Point()),
    ("module", math),
    ("function", kinds),
    ("range", range(3)),
]
for name, v in values:
    check("kinds/" + name, kinds, v, x)


def type_of_shape(t):
    s = t.shape
    return type(s), isinstance(s, tuple), type(t.shape[0]), isinstance(t.size(0), int)


check("size_of_traced", type_of_shape, torch.ones(2, 3))


def reductions(xs):
    return (sum(xs), min(t.sum().item() for t in xs), max(xs, key=lambda t: t.sum().item()),
            sorted([t.sum().item() for t in xs]), any(t.sum() > 3 for t in xs),
            all(t.sum() > 0 for t in xs))


check("reductions/tuple", reductions, (x, x * 2, x * 3))
check("reductions/list", reductions, [x, x * 2])


class Sum(torch.nn.Module):
    def forward(self, *xs):
        return sum(xs)


m = Sum()
print("module_varargs", m(x, x, x), same(m(x, x, x), compile(m)(x, x, x)))


def attr_default(t, s):
    return (getattr(s, "shape", None), getattr(t, "shape", None),
            getattr(s, "count", None) is not None, hasattr(s, "shape"))


for name, s in [("list", [1, 2]), ("dict", {"a": 1}), ("tuple", (1,)),
                ("size", torch.Size([2]))]:
    check("getattr_default/" + name, attr_default, x, s)


def make_closure(t):
    y = t + 1
    z = t * 3

    def get():
        return y + z

    y = y * 2
    return get, lambda: z


g1, g2 = compile(make_closure)(x)
e1, e2 = make_closure(x)
print("closure", g1(), g2(), same(g1(), e1()) and same(g2(), e2()))


def over_range(t, rg):
    for i in rg:
        t = t + i
    return t, len(rg), rg


check("range/3", over_range, x, range(3))
check("range/step", over_range, x, range(1, 9, 3))


def add_in_place(t):
    t.add_(1)
    return t


for backend in ["eager", "inductor"]:
    t = torch.ones(2)
    r = compile(add_in_place, backend)(t)
    print("in_place_identity", backend, r is t, t)


def log_softmax(t):
    return torch.log_softmax(t, dim=-1), torch.softmax(t, dim=-1)


rows = torch.tensor([[0.0, -1000.0, -1000.0], [float("nan"), 1.0, 2.0],
                     [float("inf"), 1.0, 2.0], [-float("inf")] * 3,
                     [-float("inf"), 0.0, 1.0], [1.0, 2.0, 3.0]])
want = log_softmax(rows)
got = compile(log_softmax, "inductor")(rows)
print("log_softmax", want[0], close(want, got))
wide = torch.arange(120, dtype=torch.float32).reshape(3, 40) / 7
wide[1, 17] = float("nan")
want = log_softmax(wide)
got = compile(log_softmax, "inductor")(wide)
print("log_softmax/wide", bool(torch.isnan(got[0][1]).all()), close(want, got))

# A second torch.compile of one function with another backend, the first wrapper gone:
# the new backend compiles (the cache is not keyed by a freed object).
def double(t):
    return t * 2


calls = []
for label in ["first", "second", "third"]:
    def backend(gm, example_inputs, label=label):
        calls.append(label)
        return gm.forward
    fn = torch.compile(double, backend=backend) if compiling else double
    fn(x)
    del fn, backend
print("backends", calls if compiling else ["first", "second", "third"])


def rec(t, n):
    if n == 0:
        return t
    return rec(t + 1, n - 1)


def outer(t, n):
    return rec(t, n)


# A compiled call costs the recursion levels the eager call does (it cost two or more):
# 200 levels under a limit of 250 (a small limit keeps the native stack shallow under
# sanitizers too).
sys.setrecursionlimit(250)
print("recursion", compile(outer)(torch.zeros(1), 200))
