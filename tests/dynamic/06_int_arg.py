# An int argument that changes: fn(x, n) returns x * n and x.view(n, -1) for a fixed
# x of 24 elements and n = 2, 3, 4, 6, 3, 8, 2, 12 (6 distinct values, all dividing 24,
# none 0 or 1).
# - dynamic=None (automatic): the first compile specialises n == 2 (a guard on its
#   value); n = 3 fails it and the recompile makes n a symbol (graph input), guarding
#   only what view needs (24 % n == 0, n != 0); every later value reuses it: graphs 2.
# - dynamic=True: ints that are inputs are symbols from the first compile: graphs 1.
# - dynamic=False: n stays a constant guarded by value: one graph per distinct value:
#   graphs 6 (below the recompile limit of 8; the repeated 3 and 2 reuse their graphs).
import torch
from torch._dynamo.testing import CompileCounter
from _common import same


def fn(x, n):
    return x * n, x.view(n, -1)


x = torch.arange(24.0)
values = [2, 3, 4, 6, 3, 8, 2, 12]
print("shapes:", [list(fn(x, n)[1].shape) for n in values])
for dynamic in (None, True, False):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    ok = True
    for n in values:
        if not same(opt(x, n), fn(x, n)):
            ok = False
    print(f"int dynamic={dynamic} equal: {ok} graphs: {cnt.frame_count}")
