# Hooks on the backward pass: Tensor.register_hook that replaces the gradient (on leaves
# and intermediates, several hooks in order), retain_grad on intermediates, module
# forward / forward-pre hooks that change what the backward sees, and a hook that
# records the gradient flowing into a parameter over several backward calls.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h1 = x.register_hook(lambda g: g * 2)
h2 = x.register_hook(lambda g: print("second hook sees", g.tolist()))
(x * x).sum().backward()
print("leaf", x.grad.tolist())
h1.remove()
h2.remove()

x.grad = None
y = x * 3
y.retain_grad()
z = y.exp()
z.retain_grad()
y.register_hook(lambda g: g.clamp(max=100.0))
z.sum().backward()
print("y.grad", r(y.grad), "z.grad", z.grad.tolist())
print("x.grad", r(x.grad))

m = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
m[0].register_forward_pre_hook(lambda mod, args: (args[0] * 2,))
m[0].register_forward_hook(lambda mod, args, out: out + 1)
xx = torch.tensor([[0.5, -0.5]], requires_grad=True)
m(xx).sum().backward()
print("xx.grad", r(xx.grad))

w = torch.ones(2, requires_grad=True)
record = []
w.register_hook(lambda g: record.append(g.tolist()))
for step in range(3):
    (w * (step + 1)).sum().backward()
print("recorded", record, w.grad.tolist())

p = torch.tensor([1.0, 2.0], requires_grad=True)
q = p * 2
q.register_hook(lambda g: g + 1)
q.register_hook(lambda g: g * 10)
q.sum().backward()
print("chained", p.grad.tolist())
