# Gradients of binary_cross_entropy (weights, reductions, targets that require grad) and
# binary_cross_entropy_with_logits (pos_weight broadcast, weight, extreme logits).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


z = torch.randn(3, 4, dtype=torch.float64)
tgt = torch.rand(3, 4, dtype=torch.float64)
hard = (tgt > 0.5).double()
w = torch.rand(3, 4, dtype=torch.float64)


def run(name, fn, t=tgt):
    x = z.clone().requires_grad_()
    tt = t.clone().requires_grad_()
    out = fn(x, tt)
    if out.dim() > 0:
        out = (out * torch.arange(1.0, 13.0, dtype=torch.float64).view(3, 4)).sum()
    out.backward()
    print(name, round(out.item(), 6))
    print("  x", r(x.grad[0]), "t", r(tt.grad[1]))


run("bce", lambda x, t: F.binary_cross_entropy(torch.sigmoid(x), t))
run("bce_hard_sum", lambda x, t: F.binary_cross_entropy(torch.sigmoid(x), t, reduction="sum"), hard)
run("bce_w", lambda x, t: nn.BCELoss(weight=w)(torch.sigmoid(x), t))
run("bce_none", lambda x, t: F.binary_cross_entropy(torch.sigmoid(x), t, reduction="none"))
run("bcel", lambda x, t: F.binary_cross_entropy_with_logits(x, t))
run("bcel_pw", lambda x, t: F.binary_cross_entropy_with_logits(
    x, t, pos_weight=torch.tensor([1.0, 2.0, 0.5, 3.0], dtype=torch.float64)))
run("bcel_pw_w", lambda x, t: nn.BCEWithLogitsLoss(
    weight=w, pos_weight=torch.tensor([4.0, 1.0, 1.0, 0.25], dtype=torch.float64),
    reduction="sum")(x, t), hard)
run("bcel_none", lambda x, t: F.binary_cross_entropy_with_logits(x, t, reduction="none"))

x = torch.tensor([-100.0, -30.0, 0.0, 30.0, 100.0], dtype=torch.float64, requires_grad=True)
t = torch.tensor([1.0, 0.0, 0.5, 1.0, 0.0], dtype=torch.float64)
loss = F.binary_cross_entropy_with_logits(x, t, reduction="sum")
loss.backward()
print("extreme", round(loss.item(), 4), r(x.grad))
p = torch.tensor([0.0, 1.0, 0.5], dtype=torch.float64, requires_grad=True)
loss = F.binary_cross_entropy(p, torch.tensor([0.0, 1.0, 1.0], dtype=torch.float64))
loss.backward()
print("clamped", round(loss.item(), 6), r(p.grad))
