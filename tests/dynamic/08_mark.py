# torch._dynamo.mark_dynamic and mark_static.
# - mark_dynamic(x, 0) on the first input, default compile (automatic dynamic): the
#   first compile already gives dim 0 a symbol (dim 1 and 2 stay static), so later
#   sizes of dim 0 (marked or not: the guard on the marked dims only checks tensors
#   that carry marks) reuse it: b = 3, 5, 2, 7 -> graphs 1.
# - mark_dynamic(x, 0), then a change of the unmarked dim 1: x [3, 4] (marked), [5, 4],
#   [5, 6], [7, 8]: [5, 4] reuses the first graph; [5, 6] fails its static dim 1 and
#   the recompile (automatic dynamic) makes both dims symbols; [7, 8] reuses that:
#   graphs 2.
# - mark_static(x, 1) on every input under dynamic=True: dim 0 is a symbol, dim 1 is
#   static, so each distinct size of dim 1 compiles once: shapes [3, 4], [5, 4], [6, 4],
#   [5, 6], [7, 6], [2, 8] -> graphs 3 (for 4, 6, 8). Without the marks: graphs 1.
# Every result equals eager.
import torch
from torch._dynamo.testing import CompileCounter
from _common import same


def run(label, fn, inputs, dynamic=None):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    ok = True
    for x in inputs:
        if not same(opt(x), fn(x)):
            ok = False
    print(f"{label} equal: {ok} graphs: {cnt.frame_count}")


def flat(x):
    return x.view(x.shape[0], -1) * 2, x.sum(0) / x.shape[0]


def rows(x):
    n, d = x.shape
    return x.softmax(-1) * n, x.reshape(d, n)


torch.manual_seed(0)
xs = [torch.randn(b, 3, 4) for b in (3, 5, 2, 7)]
torch._dynamo.mark_dynamic(xs[0], 0)
run("mark_dynamic dim 0", flat, xs)

ys = [torch.randn(n, d) for n, d in [(3, 4), (5, 4), (5, 6), (7, 8)]]
torch._dynamo.mark_dynamic(ys[0], 0)
run("mark_dynamic dim 0, dim 1 changes", rows, ys)

shapes = [(3, 4), (5, 4), (6, 4), (5, 6), (7, 6), (2, 8)]
zs = [torch.randn(n, d) for n, d in shapes]
run("dynamic=True unmarked", rows, zs, dynamic=True)
for z in zs:
    torch._dynamo.mark_static(z, 1)
run("dynamic=True mark_static dim 1", rows, zs, dynamic=True)
