# torch.compile and friends used as a real script would: decorators with and without
# arguments, Module.compile, compiler.disable, dynamo helpers. Eager results must match.
import torch
import torch._dynamo
import torch.nn as nn


@torch.compile
def f(x):
    return torch.sin(x) + torch.cos(x)


@torch.compile(fullgraph=False, dynamic=False, backend="inductor")
def g(x, y):
    z = x * y
    torch._dynamo.graph_break()
    return z.sum()


@torch.compiler.disable
def helper(x):
    return x - 1


@torch.compile(disable=True)
def h(x):
    return helper(x) * 2


x = torch.arange(4.0)
print(f(x), g(x, x), h(x))
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 2), nn.ReLU())
model.compile()
compiled = torch.compile(model, mode="reduce-overhead")
with torch.no_grad():
    print(model(x), compiled(x))
print(torch.compiler.is_compiling())
torch.compiler.reset()
torch._dynamo.reset()
t = torch.ones(3, 2)
torch._dynamo.mark_dynamic(t, 0)
print(f(t).shape)
