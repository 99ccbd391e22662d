# Eager autograd basics: requires_grad propagation, leaves, grad_fn names, backward with
# and without gradient=, accumulation, retain_graph, retain_grad, hooks, detach, grad
# modes, and PyTorch's error messages.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
c = torch.tensor([1.0, 1.0, 1.0])
y = x * w + c
print(y)
print(y.requires_grad, y.is_leaf, x.is_leaf, c.requires_grad)
print(y.grad_fn.name(), type(y.grad_fn.next_functions), len(y.grad_fn.next_functions))
print([f[0].name() if f[0] is not None else None for f in y.grad_fn.next_functions])
loss = (y * y).sum()
print(loss)
loss.backward()
print(x.grad)
print(w.grad)
print(c.grad)

# Accumulation into .grad.
(x * 2).sum().backward()
print(x.grad)
x.grad = None
print(x.grad)

# gradient= for non-scalar outputs, and the error without it.
z = x * 3
z.backward(torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
try:
    (x * 3).backward()
except RuntimeError as e:
    print("RuntimeError:", e)

# retain_graph and the freed-graph error.
x.grad = None
e = (x.exp() * w).sum()
e.backward(retain_graph=True)
print(x.grad)
e.backward()
print(x.grad)
try:
    e.backward()
except RuntimeError as err:
    print("RuntimeError:", str(err)[:60])

# retain_grad and is_leaf of intermediates.
x.grad = None
h = x.sin()
h.retain_grad()
out = (h * h).sum()
out.backward()
print(h.grad)
print(x.grad)
print(h.is_leaf, out.is_leaf)

# Hooks see and may replace the gradient.
a = torch.tensor([1.0, -2.0], requires_grad=True)
seen = []
a.register_hook(lambda g: seen.append(g.clone()))
b = a * 4
b.register_hook(lambda g: g * 10)
b.sum().backward()
print(seen, a.grad)

# detach, no_grad, enable_grad, set_grad_enabled, inference_mode.
d = (a * 2).detach()
print(d.requires_grad, d.is_leaf, d.grad_fn)
with torch.no_grad():
    n = a * 2
    with torch.enable_grad():
        m = a * 2
print(n.requires_grad, n.grad_fn, m.requires_grad, m.grad_fn.name())
with torch.set_grad_enabled(False):
    print((a + 1).requires_grad)
with torch.inference_mode():
    print((a + 1).requires_grad)
print(torch.is_grad_enabled())


@torch.no_grad()
def f(t):
    return t * 2


print(f(a).requires_grad)

# Integer outputs never require grad; comparisons neither.
print((a > 0).requires_grad, a.argmax().requires_grad)

# Errors: leaf in-place, version counter, requires_grad on integers, non-leaf flags.
try:
    a.add_(1)
except RuntimeError as err:
    print("RuntimeError:", err)
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = p.exp()
r = q.sum()
q.mul_(2)
try:
    r.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    torch.tensor([1, 2]).requires_grad_()
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    q.requires_grad = False
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    torch.tensor([1.0]).sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
print(q._version, p._version)
