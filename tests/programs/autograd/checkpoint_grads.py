# torch.utils.checkpoint: gradients equal the plain computation's, with dropout inside
# (preserve_rng_state replays the same mask), several inputs where only some require
# grad, non-tensor arguments, checkpoint_sequential and nested checkpoints.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


torch.manual_seed(20)
lin1 = nn.Linear(4, 4).double()
lin2 = nn.Linear(4, 2).double()


def block(x, scale):
    h = F.dropout(torch.tanh(lin1(x)), 0.5, training=True)
    return lin2(h) * scale


x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
torch.manual_seed(21)
out = checkpoint(block, x, 2.0)
print(out.requires_grad, r(out))
out.sum().backward()
g_ck = (x.grad.clone(), lin1.weight.grad.clone(), lin2.bias.grad.clone())
x.grad = None
lin1.zero_grad()
lin2.zero_grad()
torch.manual_seed(21)
ref = block(x, 2.0)
ref.sum().backward()
print("same out", torch.allclose(out, ref))
print("same grads", [torch.allclose(a, b) for a, b in
                     zip(g_ck, (x.grad, lin1.weight.grad, lin2.bias.grad))])
print(r(x.grad))


def two(a, b):
    return (a * b).sin(), a + b


a = torch.randn(3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, dtype=torch.float64)
o1, o2 = checkpoint(two, a, b)
(o1.sum() + (o2 * o2).sum()).backward()
print("partial", r(a.grad), b.grad)

torch.manual_seed(22)
seq = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 5), nn.Tanh(), nn.Linear(5, 1))
seq = seq.double()
x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
out = checkpoint_sequential(seq, 2, x)
out.sum().backward()
g1 = [p.grad.clone() for p in seq.parameters()]
print("seq", r(out.view(-1)), r(x.grad.sum(0)))
seq.zero_grad()
seq(x).sum().backward()
print("seq same", all(torch.allclose(p.grad, g) for p, g in zip(seq.parameters(), g1)))


def inner(t):
    return t.exp() * 2


def outer(t):
    return checkpoint(inner, t).cos()


x = torch.tensor([0.1, 0.2], dtype=torch.float64, requires_grad=True)
checkpoint(outer, x).sum().backward()
print("nested", r(x.grad))
