# torch.autograd.functional (jacobian, hessian, vjp, jvp, hvp, vhp) on tensors and tuples,
# their errors (v needed, strict mode), and gradgradcheck (its random output gradients draw
# from the generator as PyTorch's do: the next rand() agrees).
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp
torch.manual_seed(0)
def f(x): return (x ** 3).sum(1)
x = torch.randn(2, 3)
print(jacobian(f, x))
def g(a, b): return (a * b.sin(), a.sum() * b)
a = torch.randn(3); b = torch.randn(3)
J = jacobian(g, (a, b))
print(len(J), len(J[0]), J[0][0], J[1][1])
print(hessian(lambda t: (t ** 3).sum(), torch.tensor([1.0, 2.0])))
H = hessian(lambda p, q: (p * q).sum() ** 2, (a, b))
print(H[0][1])
o, v = vjp(f, x, torch.ones(2))
print(o, v)
o, v = jvp(f, x, torch.ones(2, 3))
print(v)
print(hvp(lambda t: (t ** 3).sum(), a, torch.ones(3))[1])
print(vhp(lambda t: (t ** 3).sum(), a, torch.ones(3))[1])
try:
    vjp(f, x)
except RuntimeError as e:
    print("RuntimeError:", e)
print(jacobian(lambda t: t * 0 + 1, torch.ones(2)))
try:
    jacobian(lambda t: torch.ones(2), torch.ones(2), strict=True)
except RuntimeError as e:
    print("RuntimeError:", e)
d = torch.randn(3, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradgradcheck(lambda t: (t ** 3).sin(), (d,)))
print(torch.rand(1))
