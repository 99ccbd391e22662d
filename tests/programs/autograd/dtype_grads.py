# Gradient dtypes and devices of type conversions: float32 -> float64 -> float32 chains,
# mixed-precision ops (float32 * float64 promotes; the gradient keeps each input's
# dtype), integer tensors in the graph, .to() with copy, Tensor.type(), torch.autograd.grad
# against a float64 leaf, and the error for an integer tensor that requires grad.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
y = a * b
print(y.dtype, y.grad_fn.name())
y.sum().backward()
print(a.grad.dtype, a.grad.tolist(), b.grad.dtype, b.grad.tolist())

a.grad = None
c = a.double().pow(2).float()
print(c.dtype, c.grad_fn.name())
c.sum().backward()
print(a.grad.dtype, a.grad.tolist())

a.grad = None
n = torch.tensor([1, 2, 3])
(a * n).sum().backward()
print("int mul", a.grad.dtype, a.grad.tolist())


a.grad = None
cp = a.to(torch.float32, copy=True)
print("copy", cp is a, cp.grad_fn.name())
(cp * 3).sum().backward()
print(a.grad.tolist())
same = a.to(torch.float32)
print("no-op to", same is a)

g, = torch.autograd.grad((b.float() * a).sum(), b)
print("grad dtype", g.dtype, g.tolist())

x = torch.tensor([1.5, -2.5], requires_grad=True)
s = x.type(torch.float64)
s.sum().backward()
print("type()", s.grad_fn.name(), x.grad.tolist())

try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as e:
    print("RuntimeError:", e)
