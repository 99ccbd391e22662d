# Gradients of PReLU (one and per-channel weights), GLU along dims, Softmax / LogSoftmax
# / Softmin along every dim including negative ones, and softmax with dtype=.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


x0 = torch.randn(2, 3, 4, dtype=torch.float64)
wt = torch.randn(2, 3, 4, dtype=torch.float64)


def run(name, fn, x=x0):
    x = x.clone().requires_grad_()
    y = fn(x)
    (y * wt[..., : y.shape[-1]].reshape(-1)[: y.numel()].view(y.shape)).sum().backward()
    print(name, y.grad_fn.name())
    print("  ", r(x.grad[0]))


pr = nn.PReLU().double()
run("prelu", pr)
print("  w", r(pr.weight.grad))
pr3 = nn.PReLU(3, init=0.1).double()
run("prelu3", pr3)
print("  w", r(pr3.weight.grad))
run("glu", nn.GLU())
run("glu0", lambda x: F.glu(x, 0))
run("glu1", lambda x: F.glu(x[:, :2], 1))
for d in (0, 1, 2, -1, -2):
    run("softmax%d" % d, lambda x: F.softmax(x, d))
    run("log_softmax%d" % d, nn.LogSoftmax(d))
    run("softmin%d" % d, nn.Softmin(d))
xf = x0.float().requires_grad_()
y = F.softmax(xf, -1, dtype=torch.float64)
print("dtype", y.dtype, y.grad_fn.name())
(y * wt).sum().backward()
print("  ", xf.grad.dtype, r(xf.grad[1, 1]))
