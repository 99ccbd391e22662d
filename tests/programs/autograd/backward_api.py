# torch.autograd.backward with several roots and grad_tensors, inputs= restricting
# which leaves accumulate, Tensor.backward(gradient=) on non-scalars, a shared
# subgraph reached by two roots, parameters_to_vector / vector_to_parameters keeping
# gradients flowing, and .grad assignment and accumulation onto an existing .grad.
import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


a = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([3.0, -1.0], dtype=torch.float64, requires_grad=True)
shared = a * b
y1 = shared.exp()
y2 = shared.sum() * 2
torch.autograd.backward([y1, y2], [torch.tensor([1.0, 0.5], dtype=torch.float64), None])
print("two roots", r(a.grad), r(b.grad))

a.grad = None
b.grad = None
z = (a * b).pow(2)
torch.autograd.backward(z, torch.ones(2, dtype=torch.float64), inputs=[a])
print("inputs=[a]", r(a.grad), b.grad)

a.grad = torch.tensor([100.0, 100.0], dtype=torch.float64)
(a * 3).backward(torch.tensor([1.0, 2.0], dtype=torch.float64))
print("accumulate onto assigned", a.grad.tolist())

m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
out = m @ m
out.backward(torch.tensor([[1.0, 0.0], [0.0, 1.0]]))
print("matrix gradient=", m.grad.tolist())

torch.manual_seed(71)
net = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1)).double()
vec = parameters_to_vector(net.parameters())
print("vector", tuple(vec.shape), vec.requires_grad, vec.grad_fn.name())
(vec ** 2).sum().backward()
print("p2v grads", [r(p.grad.reshape(-1)[:2]) for p in net.parameters()])
with torch.no_grad():
    vector_to_parameters(vec * 0.5, net.parameters())
print("halved", r(net[2].bias))
net.zero_grad()
x = torch.tensor([[0.5, -0.5]], dtype=torch.float64)
net(x).sum().backward()
print("after v2p", r(net[0].weight.grad[0]), r(net[2].bias.grad))
