# copy.copy / copy.deepcopy (memo, __copy__/__deepcopy__, instances, nn.Modules, tensors)
# and types.SimpleNamespace and the type names of the types module.
import copy
import types
import torch
import torch.nn as nn

ns = types.SimpleNamespace(a=1, b=[2, 3])
print(ns, ns.a, ns == types.SimpleNamespace(a=1, b=[2, 3]), ns != types.SimpleNamespace(a=2))
ns2 = copy.deepcopy(ns)
ns2.b.append(4)
print(ns.b, ns2.b)
print(types.FunctionType, types.ModuleType, types.NoneType, isinstance(print, types.BuiltinFunctionType))

l = [1, [2, 3], {"k": (4, [5])}]
s = copy.copy(l)
d = copy.deepcopy(l)
l[1].append(9)
l[2]["k"][1].append(6)
print(s, d, s[1] is l[1], d[1] is l[1])
shared = [0]
pair = [shared, shared]
dp = copy.deepcopy(pair)
print(dp[0] is dp[1], dp[0] is shared)
t = (1, 2, "x")
print(copy.deepcopy(t) is t)

torch.manual_seed(0)
block = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
clones = [copy.deepcopy(block) for _ in range(2)]
with torch.no_grad():
    clones[0][0].weight.add_(1.0)
x = torch.ones(1, 3)
with torch.no_grad():
    print(block(x), clones[0](x), clones[1](x))
print(type(clones[0][0].weight).__name__, clones[1][0].weight is block[0].weight,
      torch.equal(clones[1][0].weight, block[0].weight))
print(clones[0])


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


class Custom:
    def __deepcopy__(self, memo):
        return "custom deepcopy"

    def __copy__(self):
        return "custom copy"


p = Point([1], 2)
q = copy.deepcopy(p)
q.x.append(5)
print(p, q, copy.copy(p).x is p.x, copy.deepcopy(Custom()), copy.copy(Custom()))
t = torch.arange(3.0)
u = copy.deepcopy(t)
u.add_(1)
print(t, u)
