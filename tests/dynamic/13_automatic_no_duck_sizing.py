# Duck sizing applies only to DimDynamic.DUCK dims (dynamic=True's first compile).
# Dims made dynamic by automatic dynamic, and dims marked with mark_dynamic, are
# DimDynamic.DYNAMIC: each gets its own symbol even when two sizes are equal, and no
# guard ties them together.
# - automatic: f(a [m, 1], b [1, n]) for (m, n) = (3, 5), (4, 4), (6, 2), (5, 5): static
#   (3, 5); (4, 4) changes both dims, the recompile gives them two symbols; (6, 2) and
#   (5, 5) reuse it: graphs 2.
# - mark_dynamic(a, 0) and mark_dynamic(b, 1) on the first pair (4, 4): two symbols
#   from the first compile, so (3, 5), (6, 2) and (5, 5) reuse it: graphs 1.
# Every result equals eager.
import torch
from torch._dynamo.testing import CompileCounter


def f(a, b):
    return a * b, (a - b).sum(0)


def run(label, pairs, mark):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(f, backend=cnt)
    ok = True
    for i, (m, n) in enumerate(pairs):
        a = torch.randn(m, 1)
        b = torch.randn(1, n)
        if mark and i == 0:
            torch._dynamo.mark_dynamic(a, 0)
            torch._dynamo.mark_dynamic(b, 1)
        r = opt(a, b)
        e = f(a, b)
        if not (torch.allclose(r[0], e[0]) and torch.allclose(r[1], e[1])):
            ok = False
    print(f"{label} equal: {ok} graphs: {cnt.frame_count}")


torch.manual_seed(0)
run("automatic", [(3, 5), (4, 4), (6, 2), (5, 5)], False)
run("mark_dynamic", [(4, 4), (3, 5), (6, 2), (5, 5)], True)
