# Broadcasting between symbolic dims, compared with eager: x[s0, s1] + y[s1],
# x[s0, 1] * y[1, s1], an outer product through unsqueeze, and x[s0, 1, s2] + y[s1, 1].
# Sizes are never 0 or 1 except the static 1s of the broadcast dims.
# Duck sizing (dynamic=True only: its dims are DimDynamic.DUCK): when the compile sees
# two dims of the same size it gives them one symbol and guards that they stay equal;
# a compile that saw different sizes gets two symbols and no guard that they differ.
# Dims made dynamic by automatic dynamic are DimDynamic.DYNAMIC and never duck-sized
# (that case is 13_automatic_no_duck_sizing.py). Graph counts:
# - row dynamic=True: x.size(1) and y.size(0) must be equal anyway: graphs 1. The last
#   shape (6, 6) makes x square; nothing guards x.size(0) != x.size(1): still 1.
# - row dynamic=None: static, then the second call changes every dim: graphs 2.
# - colrow, (3, 5), (4, 6), (5, 5), (6, 2): dynamic=True: two symbols from the first
#   call; the equal pair (5, 5) reuses the graph: graphs 1. Automatic: static, then
#   (4, 6) makes both dims dynamic: graphs 2.
# - outer dynamic=True, first (4, 4): one symbol and an equality guard; (3, 5) fails it:
#   a second graph with two symbols, reused by (6, 6) and (2, 7): graphs 2.
# - outer dynamic=None: static (4, 4), then (3, 5) makes both dims dynamic with two
#   symbols; (6, 6) and (2, 7) reuse it: graphs 2.
# - three dynamic=True: first sizes 2, 3, 4 all differ: graphs 1 (the all-3 shape
#   reuses it); dynamic=None: 2.
import torch
from torch._dynamo.testing import CompileCounter
from _common import same


def run(label, fn, inputs, dynamic):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    ok = True
    for args in inputs:
        if not same(opt(*args), fn(*args)):
            ok = False
    print(f"{label} dynamic={dynamic} equal: {ok} graphs: {cnt.frame_count}")


def row(x, y):
    return x + y, x * y - y, torch.maximum(x, y), x > y


def colrow(a, b):
    return a * b, a - b, (a + b).sum(0)


def outer(u, v):
    return u.unsqueeze(1) * v.unsqueeze(0), u[:, None] - v[None, :]


def three(x, y):
    return x + y, x * y + 1


torch.manual_seed(0)
rows = [(torch.randn(a, b), torch.randn(b)) for a, b in [(3, 4), (5, 6), (2, 7), (6, 6)]]
colrows = [(torch.randn(a, 1), torch.randn(1, b))
           for a, b in [(3, 5), (4, 6), (5, 5), (6, 2)]]
outers = [(torch.randn(a), torch.randn(b)) for a, b in [(4, 4), (3, 5), (6, 6), (2, 7)]]
threes = [(torch.randn(b, 1, d), torch.randn(n, 1))
          for b, n, d in [(2, 3, 4), (5, 6, 7), (3, 3, 3)]]
print("shapes:", [list(t.shape) for t in row(*rows[0]) + colrow(*colrows[0])
                  + outer(*outers[1]) + three(*threes[0])])
for dynamic in (True, None):
    run("row", row, rows, dynamic)
    run("colrow", colrow, colrows, dynamic)
    run("outer", outer, outers, dynamic)
    run("three", three, threes, dynamic)
