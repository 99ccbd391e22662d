# More ops on a symbolic dim, one function each, on x [n, 3] for n = 4, 5, 6, 7
# (3 is never a size of dim 0, so no duck sizing; no size is 0 or 1). Each line prints
# the op, whether every compiled result equals eager (both modes), and the graph
# counts under dynamic=True and automatic dynamic. None of these ops needs a fact about
# n that varies across the four sizes (their guards, such as n >= 2 or
# n - 2 >= 0 for x[-2:], hold for all), so every op gives 1 and 2. (Ops that wick
# specialises are in 11_ops_without_shape_rules.py, sdpa in 12_sdpa_dynamic.py.)
import torch
import torch.nn.functional as F
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


def where(x):
    return torch.where(x > 0, x, torch.zeros_like(x))


def masked_fill(x):
    return x.masked_fill(x > 0, 0.5)


def cat(x):
    return torch.cat([x, x * 2], dim=0), torch.cat([x, x], dim=1)


def stack(x):
    return torch.stack([x, x + 1], dim=1)


def expand_as(x):
    return x[:, :1].expand_as(x) + x


def max_dim(x):
    values, indices = x.max(dim=0)
    return values, indices, x.min(1)


def select(x):
    return x[1], x[-1], x[:, 0]


def index_none(x):
    return x[None, :, None], x[..., 1:]


def step_slice(x):
    return x[::2], x[-2:], x[1:-1]


def tril_cumsum(x):
    return x.tril(), x.cumsum(0), x.flip(0)


def creation(x):
    n = x.shape[0]
    return torch.full((n, 2), 1.5), torch.zeros(n, dtype=torch.long), torch.arange(n)


def sizes(x):
    return x * x.size(0) + x.size(-1), x / x.numel(), x.view(-1, x.shape[-1])


def reductions(x):
    return (x.mean([0, 1]), x.std(0), x.var(1), x.argmax(1), x.amin(1, keepdim=True),
            torch.logsumexp(x, 1), x.norm(dim=1), x.prod(0), (x > -10).all(1))


def casts(x):
    return x.to(torch.float64), (x > 0).float(), x.long()


def matmul_t(x):
    return x.t() @ x, x @ x.t()


def embedding(x):
    return F.embedding(torch.zeros(x.shape[0], dtype=torch.long), x)


def activations(x):
    return F.relu(x) + F.gelu(x) + F.silu(x), torch.tanh(x), torch.sigmoid(x)


def inplace(x):
    y = x.clone()
    y.fill_(1.0)
    y.add_(x)
    y[0] = 2.0
    return y


def transpose_copy(x):
    return x.t().reshape(-1), x.t().contiguous()


torch.manual_seed(0)
xs = [torch.randn(n, 3) for n in (4, 5, 6, 7)]
fns = [where, masked_fill, cat, stack, expand_as, max_dim, select, index_none,
       step_slice, tril_cumsum, creation, sizes, reductions, casts, matmul_t, embedding,
       activations, inplace, transpose_copy]
for fn in fns:
    ok1, g1 = graphs(fn, xs, True)
    ok2, g2 = graphs(fn, xs, None)
    print(f"{fn.__name__}: equal: {ok1 and ok2} dynamic=True graphs: {g1}"
          f" automatic graphs: {g2}")
