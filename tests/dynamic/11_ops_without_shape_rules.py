# Ops whose output sizes follow symbolically from their inputs upstream, so a dynamic
# dim stays dynamic through them, on x [n, 3] for n = 4, 5, 6, 7 (no duck sizing, no
# 0/1). Upstream every op below gives dynamic=True graphs 1 and automatic graphs 2:
# - narrow(0, 1, n - 1) (size n - 1) and narrow(0, 0, 2) (guard n >= 2);
# - unsqueeze(1).squeeze(1) and unsqueeze(0).squeeze() (a symbol is never 1);
# - repeat(2, 1) (2n rows), index_select(1, idx) and gather(1, index [n, 2]) (n rows);
# - x.new_zeros(n, 2), x.new_ones((n,)), torch.arange(1, n) (sizes n and n - 1);
# - unbind(1) and split(1, dim=1): the number of outputs is dim 1's size, so under
#   dynamic=True that symbol is guarded == 3, which every input satisfies; dim 0 stays
#   symbolic;
# - chunk(2, dim=0): chunk size (n + 1) // 2, and the number of chunks (2 for every
#   n >= 2) is what gets guarded.
# Every result equals eager.
import torch
from torch._dynamo.testing import CompileCounter
from _common import same


def graphs(fn, inputs, dynamic):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    ok = True
    for x in inputs:
        if not same(opt(x), fn(x)):
            ok = False
    return ok, cnt.frame_count


idx = torch.tensor([0, 2, 1])


def narrow(x):
    return x.narrow(0, 1, x.shape[0] - 1), x.narrow(0, 0, 2)


def squeeze(x):
    return x.unsqueeze(1).squeeze(1), x.unsqueeze(0).squeeze()


def repeat(x):
    return x.repeat(2, 1)


def index_select(x):
    return x.index_select(1, idx)


def gather(x):
    return x.gather(1, torch.zeros(x.shape[0], 2, dtype=torch.long))


def new_factories(x):
    n = x.shape[0]
    return x.new_zeros(n, 2), x.new_ones((n,)), torch.arange(1, n)


def unbind(x):
    return x.unbind(1)


def split(x):
    return x.split(1, dim=1)


def chunk(x):
    return x.chunk(2, dim=0)


torch.manual_seed(0)
xs = [torch.randn(n, 3) for n in (4, 5, 6, 7)]
for fn in [narrow, squeeze, repeat, index_select, gather, new_factories, unbind, split,
           chunk]:
    ok1, g1 = graphs(fn, xs, True)
    ok2, g2 = graphs(fn, xs, None)
    print(f"{fn.__name__}: equal: {ok1 and ok2} dynamic=True graphs: {g1}"
          f" automatic graphs: {g2}")
