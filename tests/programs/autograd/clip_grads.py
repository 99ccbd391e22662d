# Gradient clipping: clip_grad_norm_ with p = 2, 1 and inf, a max_norm above the total
# (no change), a single tensor argument, error_if_nonfinite with inf gradients, and
# clip_grad_value_; the returned total norm and the clipped gradients.
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def fresh():
    torch.manual_seed(40)
    m = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2)).double()
    x = torch.randn(5, 3, dtype=torch.float64)
    (m(x) ** 2).sum().backward()
    return m


for p in (2.0, 1.0, float("inf"), 3):
    m = fresh()
    total = clip_grad_norm_(m.parameters(), 0.5, norm_type=p)
    after = torch.norm(torch.stack([torch.norm(q.grad, p) for q in m.parameters()]), p)
    print("norm_type", p, round(total.item(), 5), round(after.item(), 5), r(m[2].bias.grad))

m = fresh()
total = clip_grad_norm_(m.parameters(), 1e6)
print("no clip", round(total.item(), 5), r(m[2].bias.grad))

t = torch.tensor([3.0, 4.0], requires_grad=True)
(t * t).sum().backward()
total = clip_grad_norm_(t, 1.0)
print("single", total.item(), r(t.grad))

u = torch.tensor([1.0, 2.0], requires_grad=True)
u.grad = torch.tensor([float("inf"), 1.0])
try:
    clip_grad_norm_([u], 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print("RuntimeError:", str(e).split(",")[0])
total = clip_grad_norm_([u], 1.0)
print("nonfinite", total.item())

m = fresh()
clip_grad_value_(m.parameters(), 0.3)
print("value", r(m[0].weight.grad[0]), max(q.grad.abs().max().item() for q in m.parameters()))
m = fresh()
nogr = nn.Linear(2, 2)
total = clip_grad_norm_(list(m.parameters()) + list(nogr.parameters()), 0.1)
print("skip None", round(total.item(), 5))
