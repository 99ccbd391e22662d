# matmul/linear with a symbolic batch and sequence length: an nn.Module with two
# nn.Linear layers, a batched x @ x^T attention-like product and bmm, compiled with
# torch.compile(mod) and with mod.compile(), plus a function whose contraction dim is
# symbolic too (F.linear(x, w) with x [b, k], w [m, k]). Results compared with eager.
# Inputs avoid 12, 16 and 4 at the first call so no size is duck-sized with the
# feature dims.
# - Net, x [b, t, 16] for (b, t) = (2, 3), (3, 5), (5, 7), (4, 6), (2, 9):
#   dynamic=True: b, t and the feature dim get symbols; nn.Linear's weight is static
#   (parameters keep static shapes), so the matmul guards the feature dim == 16, true
#   for every call: graphs 1. Automatic: static, then (3, 5) changes b and t: graphs 2.
# - lin, (b, k, m) = (3, 5, 7), (4, 6, 2), (6, 3, 5), (2, 8, 8): dynamic=True: first
#   call has k shared by x.size(1) and w.size(1) (equal, and the matmul needs them
#   equal) and b, m distinct: graphs 1 (m == k in the last call is not guarded
#   against). Automatic: static, then every dim changes: graphs 2.
# - Net with the default backend gives the same counts (counters["stats"]
#   ["unique_graphs"]; the backend only adds guards that hold for every input used here).
import torch
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters
from _common import same


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 12)
        self.fc2 = torch.nn.Linear(12, 4)

    def forward(self, x):
        b, t, d = x.shape
        h = torch.relu(self.fc1(x))
        y = self.fc2(h)
        att = torch.softmax(h @ h.transpose(1, 2) / 4.0, dim=-1)
        z = att @ y
        flat = self.fc2(h.reshape(b * t, 12)).view(b, t, 4)
        return y, z, flat, torch.bmm(att, h)


def lin(x, w):
    return F.linear(x, w), x @ w.t(), torch.mm(x, w.transpose(0, 1)) + 1


def run_module(label, net, inputs, dynamic, how):
    torch._dynamo.reset()
    counters.clear()
    cnt = CompileCounter()
    if how == "torch.compile":
        opt = torch.compile(net, backend=cnt, dynamic=dynamic)
    elif how == "torch.compile default":
        opt = torch.compile(net, dynamic=dynamic)
    else:
        opt = Net()
        opt.load_state_dict(net.state_dict())
        opt.compile(backend=cnt, dynamic=dynamic)
    ok = True
    for x in inputs:
        if not same(opt(x), net(x)):
            ok = False
    if how == "torch.compile default":
        graphs = counters["stats"]["unique_graphs"]
    else:
        graphs = cnt.frame_count
    print(f"{label} {how} dynamic={dynamic} equal: {ok} graphs: {graphs}")


def run_fn(label, fn, inputs, dynamic):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt, dynamic=dynamic)
    ok = True
    for args in inputs:
        if not same(opt(*args), fn(*args)):
            ok = False
    print(f"{label} dynamic={dynamic} equal: {ok} graphs: {cnt.frame_count}")


torch.manual_seed(0)
net = Net()
xs = [torch.randn(b, t, 16) for b, t in [(2, 3), (3, 5), (5, 7), (4, 6), (2, 9)]]
lins = [(torch.randn(b, k), torch.randn(m, k))
        for b, k, m in [(3, 5, 7), (4, 6, 2), (6, 3, 5), (2, 8, 8)]]
print("shapes:", [list(t.shape) for t in net(xs[0])],
      [list(t.shape) for t in lin(*lins[0])])
for dynamic in (True, None):
    for how in ("torch.compile", "Module.compile", "torch.compile default"):
        run_module("net", net, xs, dynamic, how)
    run_fn("lin", lin, lins, dynamic)
