# An in-place op that writes a value requiring grad through a view of a tensor that does
# not require grad (zeros(...)[:, 1:].copy_(x), a padded buffer filled slice by slice):
# the base takes the gradient history (CopySlices), as PyTorch tracks every view under
# grad mode; under no_grad nothing is recorded.
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
for name in ("copy_", "add_", "mul_", "setitem", "transpose view", "chained views"):
    p = torch.ones(2, 3)
    if name == "copy_":
        p[:, 1:].copy_(x * 2)
    elif name == "add_":
        p[:, 1:].add_(x)
    elif name == "mul_":
        p[:, :2].mul_(x)
    elif name == "setitem":
        p[:, 1:] = x * 2
    elif name == "transpose view":
        p.t()[1:].copy_(x.t())
    else:
        p[1:][:, :2].copy_(x[1:])
    print(name, p.requires_grad, type(p.grad_fn).__name__)
    (p * p).sum().backward()
    print(" grad", x.grad.tolist())
    x.grad = None

with torch.no_grad():
    p = torch.zeros(2, 3)
    p[:, 1:].copy_(x)
    print("no_grad", p.requires_grad, p.grad_fn)
q = torch.zeros(3)
v = q[1:]
v.copy_(torch.ones(2))
print("plain", q.requires_grad, q.tolist(), v.grad_fn)
