# Gradient modes and their effect on results and gradients: no_grad (as context and
# decorator), enable_grad inside no_grad, set_grad_enabled(False/True), inference_mode
# tensors, detach / detach_, requires_grad_(False) freezing a layer (its params get no
# .grad while the rest train), and torch.is_grad_enabled in each.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
    with torch.enable_grad():
        z = x * 3
    print("in no_grad", torch.is_grad_enabled(), y.requires_grad, z.requires_grad)
z.sum().backward()
print(x.grad.tolist())


@torch.no_grad()
def double(t):
    return t * 2


print("decorated", double(x).requires_grad, torch.is_grad_enabled())


@torch.enable_grad()
def triple(t):
    return t * 3


with torch.no_grad():
    print("enable_grad decorated", triple(x).requires_grad)

with torch.set_grad_enabled(False):
    print("set False", (x * 2).requires_grad)
torch.set_grad_enabled(False)
print("fn form", (x + 1).requires_grad, torch.is_grad_enabled())
torch.set_grad_enabled(True)
print("restored", (x + 1).requires_grad)

with torch.inference_mode():
    inf = x * 2
    print("inference", inf.requires_grad, torch.is_grad_enabled())
with torch.inference_mode(False):
    print("inference(False)", (x * 2).requires_grad)

d = (x * x).detach()
print("detach", d.requires_grad, d.grad_fn)
e = x * 5
e.detach_()
print("detach_", e.requires_grad, e.is_leaf)

torch.manual_seed(60)
net = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
net[0].requires_grad_(False)
opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.1)
before = net[0].weight.clone()
inp = torch.randn(4, 3)
loss = net(inp).pow(2).mean()
loss.backward()
opt.step()
print("frozen grad", net[0].weight.grad, net[2].weight.grad is not None)
print("frozen unchanged", torch.equal(before, net[0].weight))
print("loss requires grad", loss.requires_grad, loss.grad_fn.name())
with torch.no_grad():
    out = net(inp)
print("no_grad out", out.requires_grad, out.grad_fn)
