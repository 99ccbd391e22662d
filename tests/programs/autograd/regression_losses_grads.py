# Gradients of the regression losses: MSE, L1, SmoothL1 (beta, beta=0), Huber (delta)
# with every reduction, broadcasting targets, and a target that requires grad.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


a = torch.randn(3, 4, dtype=torch.float64)
b = torch.randn(3, 4, dtype=torch.float64)
b[0, 0] = a[0, 0]  # a zero residual: L1's subgradient there is 0


def run(name, fn):
    x = a.clone().requires_grad_()
    t = b.clone().requires_grad_()
    out = fn(x, t)
    if out.dim() > 0:
        out = (out * torch.arange(1.0, 13.0, dtype=torch.float64).view(3, 4)).sum()
    out.backward()
    print(name, round(out.item(), 6), out.grad_fn.name())
    print("  x", r(x.grad[0]), "t", r(t.grad[1]))


for red in ("mean", "sum", "none"):
    run("mse_" + red, lambda x, t: F.mse_loss(x, t, reduction=red))
    run("l1_" + red, lambda x, t: F.l1_loss(x, t, reduction=red))
run("smoothl1", nn.SmoothL1Loss())
run("smoothl1_beta", nn.SmoothL1Loss(beta=0.5))
run("smoothl1_beta0", nn.SmoothL1Loss(beta=0.0))
run("huber", nn.HuberLoss())
run("huber_delta", nn.HuberLoss(delta=0.3, reduction="sum"))
run("huber_none", nn.HuberLoss(delta=2.0, reduction="none"))

x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
t = torch.randn(4, dtype=torch.float64)
F.mse_loss(x, t.expand(3, 4)).backward()
print("bcast", r(x.grad[2]))
