# Reductions over symbolic dims, compared with eager: sum/mean/amax over dim 0 and dim 1
# with keepdim True and False and over all dims, softmax/log_softmax over either
# (symbolic) dim, and layer_norm over a static last dim (8) with a symbolic batch and
# sequence length (F.layer_norm with weight and bias, and an nn.LayerNorm module).
# - reduce, shapes (3, 5), (4, 7), (6, 2), (5, 5): dynamic=True gives both dims symbols
#   from the first call (3 != 5, no duck sizing): graphs 1; automatic: static, then
#   (4, 7) changes both dims: graphs 2.
# - norm, shapes (2, 3, 8), (3, 5, 8), (5, 4, 8), (4, 6, 8): dynamic=True: the last dim
#   is a symbol too, but layer_norm guards it equal to 8, true for every call:
#   graphs 1; automatic: static, then (3, 5, 8) changes b and t: graphs 2.
# - The default backend gives the same counts (counters["stats"]["unique_graphs"]; the
#   backend only adds guards that hold for every input used here).
import torch
import torch.nn.functional as F
from torch._dynamo.utils import counters
from _common import same, run


def reduce(x):
    out = []
    for dim in (0, 1):
        for keep in (True, False):
            out.append(x.sum(dim, keepdim=keep))
            out.append(x.mean(dim=dim, keepdim=keep))
            out.append(x.amax(dim, keepdim=keep))
        out.append(torch.softmax(x, dim=dim))
        out.append(F.log_softmax(x, dim))
    out.append(x.sum())
    out.append(x.mean())
    out.append(x.amax())
    return out


torch.manual_seed(0)
w = torch.randn(8)
bias = torch.randn(8)
ln = torch.nn.LayerNorm(8)
with torch.no_grad():
    ln.weight.copy_(torch.randn(8))
    ln.bias.copy_(torch.randn(8))


def norm(x):
    b, t, d = x.shape
    y = F.layer_norm(x, (8,), w, bias)
    z = ln(x.reshape(b * t, d)).view(b, t, d)
    return y, z, F.layer_norm(x, (8,)) * 2


reduce_inputs = [(torch.randn(b, n),) for b, n in [(3, 5), (4, 7), (6, 2), (5, 5)]]
norm_inputs = [(torch.randn(b, t, 8),) for b, t in [(2, 3), (3, 5), (5, 4), (4, 6)]]
print("shapes:", [list(t.shape) for t in reduce(*reduce_inputs[0])])
print("norm shapes:", [list(t.shape) for t in norm(*norm_inputs[0])])
for dynamic in (True, None):
    for backend in ("count", "default"):
        run("reduce", reduce, reduce_inputs, dynamic, backend)
        run("norm", norm, norm_inputs, dynamic, backend)
