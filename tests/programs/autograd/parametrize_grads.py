# nn.utils.parametrize: gradients flow to the original parameter through a registered
# parametrization (symmetric, positive via exp, a chain of two), caching with
# parametrize.cached(), right_inverse on assignment, remove_parametrizations keeping the
# value, and an SGD step on the underlying parameter.
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(0, 1)


class Positive(nn.Module):
    def forward(self, X):
        return X.exp()

    def right_inverse(self, Y):
        return Y.log()


class Scale(nn.Module):
    def forward(self, X):
        return X * 2


torch.manual_seed(50)
lin = nn.Linear(3, 3).double()
P.register_parametrization(lin, "weight", Symmetric())
print(P.is_parametrized(lin), P.is_parametrized(lin, "weight"), type(lin).__name__)
W = lin.weight
print("symmetric", torch.equal(W, W.T))
x = torch.randn(4, 3, dtype=torch.float64)
lin(x).pow(2).sum().backward()
orig = lin.parametrizations.weight.original
print("orig grad", r(orig.grad))
print("lower zero", torch.equal(orig.grad.tril(-1), torch.zeros(3, 3, dtype=torch.float64)))
opt = torch.optim.SGD(lin.parameters(), lr=0.01)
opt.step()
print("after step symmetric", torch.equal(lin.weight, lin.weight.T))
print(sorted(n for n, _ in lin.named_parameters()))

m = nn.Linear(2, 2).double()
P.register_parametrization(m, "bias", Positive())
m.bias = torch.tensor([1.0, 2.0], dtype=torch.float64)
print("right_inverse", r(m.parametrizations.bias.original), r(m.bias))
m(torch.ones(1, 2, dtype=torch.float64)).sum().backward()
print("bias orig grad", r(m.parametrizations.bias.original.grad))

P.register_parametrization(m, "weight", Scale())
P.register_parametrization(m, "weight", Scale())
w_orig = m.parametrizations.weight.original
print("chain", torch.allclose(m.weight, 4 * w_orig))
with P.cached():
    a = m.weight
    b = m.weight
    print("cached same object", a is b)
m.zero_grad()
m(torch.tensor([[1.0, -1.0]], dtype=torch.float64)).sum().backward()
print("chain grad", r(w_orig.grad))
val = m.weight.detach().clone()
P.remove_parametrizations(m, "weight", leave_parametrized=True)
print("removed", P.is_parametrized(m, "weight"), torch.equal(m.weight, val))
