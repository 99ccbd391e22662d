# torch.compile(dynamic=False) keeps every size static: one graph per distinct input
# shape (repeated shapes reuse their graph), compared with automatic dynamic (2) and
# dynamic=True (1) on the same calls; every result equals eager.
# - add: x [n] for n = 2, 3, 4, 3, 5, 2, 6: 5 distinct sizes, so dynamic=False gives
#   graphs 5 (below the recompile limit of 8); automatic: static 2, then dynamic from
#   3 on: 2; dynamic=True: 1 (no size is 0 or 1).
# - views (as in 01_views.py) on [b, n, 4] for (2, 3), (3, 5), (2, 3), (5, 7), (3, 5):
#   3 distinct shapes: dynamic=False 3; automatic 2 (the second call changes b and n);
#   dynamic=True 1.
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


def add(x):
    return x + 1, x.sum() * x.shape[0]


def views(x):
    b, n, d = x.shape
    return (x.view(x.shape[0], -1) * 2, x.reshape(b * n, d) + 1,
            x.transpose(0, 1).reshape(n, b * d))


torch.manual_seed(0)
adds = [(torch.randn(n),) for n in (2, 3, 4, 3, 5, 2, 6)]
viewss = [(torch.randn(b, n, 4),) for b, n in [(2, 3), (3, 5), (2, 3), (5, 7), (3, 5)]]
for dynamic in (False, None, True):
    run("add", add, adds, dynamic)
    run("views", views, viewss, dynamic)
