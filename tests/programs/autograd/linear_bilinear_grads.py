# Gradients of nn.Linear (2-d and 3-d inputs, no bias) and nn.Bilinear (with and without
# bias) for inputs, weights and biases, with the grad_fn names of their outputs.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


lin = nn.Linear(4, 3).double()
x = torch.randn(2, 4, dtype=torch.float64, requires_grad=True)
out = lin(x)
print(out.grad_fn.name())
(out * torch.arange(6.0, dtype=torch.float64).view(2, 3)).sum().backward()
print("x", r(x.grad))
print("w", r(lin.weight.grad))
print("b", r(lin.bias.grad))

x3 = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
lin.zero_grad()
out = lin(x3)
print(out.grad_fn.name(), tuple(out.shape))
out.pow(2).sum().backward()
print("x3", r(x3.grad.sum(0)))
print("w", r(lin.weight.grad))
print("b", r(lin.bias.grad))

nb = nn.Linear(4, 2, bias=False).double()
y = nb(x)
print(y.grad_fn.name())
gx, gw = torch.autograd.grad(y.sin().sum(), (x, nb.weight))
print("nobias", r(gx), r(gw))

bil = nn.Bilinear(3, 2, 4).double()
a = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(5, 2, dtype=torch.float64, requires_grad=True)
z = bil(a, b)
print(tuple(z.shape), z.requires_grad)
z.tanh().sum().backward()
print("a", r(a.grad))
print("b", r(b.grad))
print("W", r(bil.weight.grad.sum(0)))
print("bias", r(bil.bias.grad))

bil2 = nn.Bilinear(3, 3, 2, bias=False).double()
a2 = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
ga, = torch.autograd.grad(bil2(a2, a2).sum(), a2)
print("shared", r(ga))
