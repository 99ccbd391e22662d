# Tensor.register_hook returns a RemovableHandle: remove() (or leaving `with handle:`)
# takes the hook off, on leaves and on non-leaf tensors alike.
import torch

x = torch.ones(3, requires_grad=True)
h = x.register_hook(lambda g: g * 2)
print(type(h).__name__, type(h).__module__)
(x * 3).sum().backward()
print(x.grad)
h.remove()
h.remove()  # twice is fine
x.grad = None
(x * 3).sum().backward()
print(x.grad)

seen = []
y = x * 2
h1 = y.register_hook(lambda g: seen.append(g.sum().item()))
h2 = y.register_hook(lambda g: g + 1)
h1.remove()
x.grad = None
y.sum().backward()
print(seen, x.grad)

z = x * 1
with z.register_hook(lambda g: g * 10) as h3:
    pass
x.grad = None
z.sum().backward()
print(x.grad)
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print("RuntimeError:", e)
