# torch.nn.utils.parametrize: registering parametrizations (with right_inverse and
# unsafe), the generated Parametrized<Class>, original / original0..n, caching, chained
# parametrizations, assignment through right_inverse and removal.
import torch
from torch import nn
from torch.nn.utils import parametrize
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)

    def right_inverse(self, A):
        return A.triu()


class Double(nn.Module):
    def forward(self, X):
        return 2 * X


class Split(nn.Module):
    def forward(self, A, B):
        return A + B

    def right_inverse(self, X):
        return X * 0.25, X * 0.75


class Counting(nn.Module):
    calls = 0

    def forward(self, X):
        Counting.calls += 1
        return X + 1


torch.manual_seed(0)
layer = nn.Linear(3, 3)
print(type(layer).__name__, P is parametrize)
parametrize.register_parametrization(layer, "weight", Symmetric())
print(type(layer).__name__, type(layer).__bases__[0].__name__, isinstance(layer, nn.Linear))
print(parametrize.is_parametrized(layer), parametrize.is_parametrized(layer, "weight"),
      parametrize.is_parametrized(layer, "bias"))
print(parametrize.type_before_parametrizations(layer).__name__)
W = layer.weight
print("symmetric", torch.equal(W, W.t()))
print(sorted(name for name, _ in layer.named_parameters()))
print(layer)
orig = layer.parametrizations.weight.original
print("original is upper", torch.equal(orig, orig.triu()), isinstance(orig, nn.Parameter))
print("weight not in _parameters", "weight" in layer._parameters)

# Assignment runs right_inverse.
S = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0], [3.0, 5.0, 6.0]])
layer.weight = S
print(layer.parametrizations.weight.original)
print(torch.equal(layer.weight, S))

# A second parametrization chains after the first.
parametrize.register_parametrization(layer, "weight", Double())
print(len(layer.parametrizations.weight), torch.equal(layer.weight, 2 * S))
print(layer.weight.requires_grad, layer.weight.grad_fn is not None)

# cached(): computed once per access inside the context.
m = nn.Linear(2, 2)
parametrize.register_parametrization(m, "bias", Counting())
Counting.calls = 0
with parametrize.cached():
    a = m.bias
    b = m.bias
print("cached calls", Counting.calls, a is b)
Counting.calls = 0
m.bias
m.bias
print("uncached calls", Counting.calls)

# right_inverse returning two tensors: original0, original1.
s = nn.Linear(2, 2)
w0 = s.weight.detach().clone()
parametrize.register_parametrization(s, "weight", Split())
print(sorted(name for name, _ in s.named_parameters()))
print(torch.allclose(s.weight, w0), hasattr(s.parametrizations.weight, "original"))

# unsafe: the parametrization may change the shape.
class Flatten(nn.Module):
    def forward(self, X):
        return X.reshape(-1)


u = nn.Linear(2, 3)
try:
    parametrize.register_parametrization(u, "weight", Flatten())
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])
parametrize.register_parametrization(u, "weight", Flatten(), unsafe=True)
print(tuple(u.weight.shape))

# Removing the parametrization leaves its current value as a plain parameter.
parametrize.remove_parametrizations(layer, "weight")
print(type(layer).__name__, parametrize.is_parametrized(layer), hasattr(layer, "parametrizations"))
print(torch.equal(layer.weight, 2 * S), isinstance(layer.weight, nn.Parameter))
parametrize.remove_parametrizations(m, "bias", leave_parametrized=False)
print(type(m).__name__, tuple(m.bias.shape))
try:
    parametrize.register_parametrization(m, "nothing", Double())
except ValueError as e:
    print("ValueError:", str(e).split(" with name")[1])
try:
    parametrize.remove_parametrizations(m, "weight")
except ValueError as e:
    print("ValueError:", str(e).split(" does not")[1])
