# Gradient accumulation and graph reuse: .grad accumulates over backward calls and
# micro-batches (equal to one big batch), retain_graph=True allows a second backward
# (and the error without it), torch.autograd.grad with grad_outputs, allow_unused,
# several outputs, only_inputs, and backward(inputs=...) restricting accumulation.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


torch.manual_seed(30)
model = nn.Linear(4, 2).double()
x = torch.randn(8, 4, dtype=torch.float64)
y = torch.randn(8, 2, dtype=torch.float64)
F.mse_loss(model(x), y).backward()
full = [p.grad.clone() for p in model.parameters()]
model.zero_grad()
for i in range(4):
    F.mse_loss(model(x[2 * i:2 * i + 2]), y[2 * i:2 * i + 2]).div(4).backward()
print("micro == full", [torch.allclose(p.grad, f) for p, f in zip(model.parameters(), full)])
print(r(model.bias.grad))

a = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
out = (a.exp() * a).sum()
out.backward(retain_graph=True)
print("first", r(a.grad))
out.backward()
print("second", r(a.grad))
try:
    out.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split(".")[0])

a.grad = None
b = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
c = torch.tensor([3.0], dtype=torch.float64, requires_grad=True)
u = a * b
v = (a + b).sum()
go = [torch.tensor([1.0, 10.0], dtype=torch.float64), None]
ga, gb = torch.autograd.grad([u, v], [a, b], grad_outputs=go, retain_graph=True)
print("multi", ga.tolist(), gb.tolist())
res = torch.autograd.grad(u.sum(), [a, c], allow_unused=True, retain_graph=True)
print("unused", res[0].tolist(), res[1])
try:
    torch.autograd.grad(u.sum(), [a, c], retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", str(e).split(".")[0])
print("grads untouched", a.grad, b.grad)

(u.sum() * 2).backward(inputs=[b])
print("inputs=[b]", a.grad, b.grad.tolist())

w = torch.ones(3, requires_grad=True)
for step in range(3):
    loss = (w * torch.tensor([1.0, 2.0, 3.0]) * (step + 1)).sum()
    loss.backward()
print("accumulated", w.grad.tolist())
w.grad.zero_()
(w ** 2).sum().backward()
print("after zero_", w.grad.tolist())

t = torch.tensor([2.0], requires_grad=True)
s = t * t
g, = torch.autograd.grad(s, t, grad_outputs=torch.tensor([3.0]))
print("grad_outputs", g.tolist(), t.grad)
