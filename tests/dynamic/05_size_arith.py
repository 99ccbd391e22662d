# Python arithmetic on sizes inside the compiled function: n = x.shape[0] (and len(x))
# used in x * n, x / (n - 1), torch.ones(n, 2), torch.arange(n), x[: n // 2],
# x[n // 2:] + n % 3, x[1:n - 1], and an int result n * 2 + 1; then a branch on a size
# comparison (if x.shape[0] > 4). (narrow with a symbolic length is in
# 11_ops_without_shape_rules.py.)
# - arith over x [n, 3], n = 4, 5, 6, 7, 9: dynamic=True: one graph whose guards hold
#   for every n >= 3 (the slice bounds need 0 < n // 2 < n and 1 < n - 1): graphs 1.
#   Automatic: static for 4, then dynamic from 5 on: graphs 2. The int result equals
#   eager's too.
# - branch over x [n, 7], n = 3, 5, 2, 6, 4, 8 (7 is never a size of dim 0, so no duck
#   sizing): dynamic=True: the first graph (n = 3) guards n <= 4; 5 fails it and
#   compiles the other branch (guard n > 4); 2, 6, 4, 8 reuse one of the two: graphs 2.
#   Automatic: static 3; 5 gives a dynamic graph guarded n > 4; 2 fails both (not 3,
#   not > 4) and gives a dynamic graph guarded n <= 4; 6, 4, 8 reuse: graphs 3.
#   Every result is eager's (x * 2 above 4, x - 1 otherwise).
# - The default backend gives the same counts (counters["stats"]["unique_graphs"]; the
#   backend only adds guards that hold for every input used here).
import torch
from torch._dynamo.utils import counters
from _common import same, run


def arith(x):
    n = x.shape[0]
    m = len(x)
    a = x * n
    b = x / (n - 1)
    c = torch.ones(n, 2) * x.sum() + m
    d = x[: n // 2]
    e = x[n // 2:] + n % 3
    f = torch.arange(n) * 2
    g = x[1:n - 1] - x.sum(0) / m
    return a, b, c, d, e, f, g, n * 2 + 1


def branch(x):
    if x.shape[0] > 4:
        return x * 2
    else:
        return x - 1


torch.manual_seed(0)
arith_inputs = [(torch.randn(n, 3),) for n in (4, 5, 6, 7, 9)]
branch_inputs = [(torch.randn(n, 7),) for n in (3, 5, 2, 6, 4, 8)]
r = arith(*arith_inputs[1])
print("arith shapes:", [list(t.shape) for t in r[:7]], "int:", r[7])
print("arith f:", arith(*arith_inputs[1])[5])
print("branch:", [bool(torch.equal(branch(x), x * 2)) for (x,) in branch_inputs])
for dynamic in (True, None):
    for backend in ("count", "default"):
        run("arith", arith, arith_inputs, dynamic, backend)
        run("branch", branch, branch_inputs, dynamic, backend)
