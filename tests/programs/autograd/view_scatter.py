# torch.slice_scatter / select_scatter / diagonal_scatter: values, their gradients (what
# the backward of slicing now uses), and the size-mismatch error.
import torch

torch.manual_seed(0)
a = torch.randn(4, 5, requires_grad=True)
s = torch.randn(4, 2, requires_grad=True)
out = torch.slice_scatter(a, s, dim=1, start=1, end=5, step=2)
print(out)
(out * torch.arange(20.0).view(4, 5)).sum().backward()
print(a.grad)
print(s.grad, out.grad_fn.name())

b = torch.randn(3, 4, requires_grad=True)
r = torch.randn(4, requires_grad=True)
out = torch.select_scatter(b, r, 0, 1)
print(out)
(out ** 2).sum().backward()
print(b.grad)
print(r.grad)

c = torch.zeros(3, 3, requires_grad=True)
d = torch.ones(2, requires_grad=True)
out = c.diagonal_scatter(d, 1)
print(out)
(out * 3).sum().backward()
print(c.grad, d.grad)

try:
    torch.select_scatter(b, torch.randn(3), 0, 1)
except RuntimeError as e:
    print("RuntimeError:", e)

# Slicing's backward scatters into zeros: gradients of x[:, 1:3], x[2], x.narrow, diagonal.
x = torch.randn(4, 4, requires_grad=True)
y = (x[:, 1:3] * 2).sum() + x[2].sum() + x.narrow(0, -2, 1).sum() * 3 + x.diagonal(1).sum()
y.backward()
print(x.grad)
