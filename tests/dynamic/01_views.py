# Views driven by symbolic sizes: x.view(x.shape[0], -1), x.reshape(b * n, d),
# flatten(1), flatten(0, 1), unsqueeze + expand, permute, transpose + reshape (a copy),
# x.view(b, n, 2, d // 2), each compared with eager for five shapes (b, n, 4).
# - dynamic=True: every dim of the first input (2, 3, 4) gets its own symbol (no 0/1,
#   no equal sizes so no duck sizing); each later shape satisfies the graph's guards
#   (sizes >= 2, d even), so one graph serves all five: graphs 1. (4, 6, 4) has b == d;
#   nothing guards b != d, so it reuses the graph too.
# - dynamic=None (automatic, the default): the first compile is static; the second shape
#   changes b and n (d stays 4), the recompile makes those two symbolic and the other
#   shapes hit it: graphs 2.
# - The default backend (inductor upstream) gives the same counts, read from
#   counters["stats"]["unique_graphs"]: Dynamo makes the decisions, and the
#   backend only adds guards that hold for every input used here.
import torch
from torch._dynamo.utils import counters
from _common import same, run


def views(x):
    b, n, d = x.shape
    a = x.view(x.shape[0], -1)
    r = x.reshape(b * n, d)
    f = x.flatten(1) - x.flatten().view(b, n * d)
    u = x.unsqueeze(1).expand(b, 2, n, d).contiguous()
    p = x.permute(2, 0, 1).contiguous() * 3
    t = x.transpose(0, 1).reshape(n, b * d)
    w = x.view(b, n, 2, d // 2)
    z = x.transpose(1, 2).reshape(b, d, n)
    g = x.flatten(0, 1) + 1
    return a * 2, r + 1, f, u, p, t, w, z, g


torch.manual_seed(0)
inputs = [(torch.randn(b, n, 4),) for b, n in [(2, 3), (3, 5), (5, 7), (4, 6), (6, 2)]]
print("shapes:", [list(t.shape) for t in views(*inputs[0])])
for dynamic in (True, None):
    for backend in ("count", "default"):
        run("views", views, inputs, dynamic, backend)
