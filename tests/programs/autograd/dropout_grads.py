# Dropout under a fixed seed: the mask, the scaled gradient, p=0 and p=1, eval mode,
# functional dropout with training=False, and dropout inside a model trained a step.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch._dynamo.config.recompile_limit = 64

torch.manual_seed(12)
x = torch.ones(2, 6, requires_grad=True)
d = nn.Dropout(0.5)
y = d(x)
print(y.tolist(), y.grad_fn.name())
(y * torch.arange(12.0).view(2, 6)).sum().backward()
print(x.grad.tolist())

torch.manual_seed(12)
y2 = F.dropout(torch.ones(2, 6), 0.5)
print("same mask", torch.equal(y2, y.detach()))

for p in (0.0, 1.0, 0.25):
    torch.manual_seed(13)
    x = torch.ones(8, requires_grad=True)
    y = F.dropout(x, p)
    y.sum().backward()
    print("p", p, y.tolist(), x.grad.tolist())

d.eval()
x = torch.ones(4, requires_grad=True)
y = d(x)
y.sum().backward()
print("eval", y.tolist(), x.grad.tolist(), y.grad_fn)

x = torch.ones(3, requires_grad=True)
F.dropout(x, 0.9, training=False).sum().backward()
print("training=False", x.grad.tolist())

torch.manual_seed(14)
m = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.3), nn.Linear(8, 1)).double()
x = torch.randn(5, 4, dtype=torch.float64)
out = m(x)
out.sum().backward()
print("model", [round(v, 4) for v in out.view(-1).tolist()])
print("  grad", [round(v, 4) + 0.0 for v in m[0].weight.grad.sum(1).tolist()])
