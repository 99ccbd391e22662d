import torch
torch.manual_seed(0)
x = torch.tensor([[1., float('-inf'), 3.], [float('inf'), 2., float('nan')]])
print(x.logcumsumexp(1))
print(torch.logcumsumexp(x, dim=0))
print(torch.logcumsumexp(torch.tensor(2.5), 0))
print(torch.logcumsumexp(torch.tensor([-float('inf')] * 3), 0))
y = torch.randn(4, 5, dtype=torch.float64)
print(y.logcumsumexp(-1))
z = torch.randn(3, 4, 5)
print(torch.logcumsumexp(z.transpose(0, 2), 1))
print((torch.logcumsumexp(z, 1) - torch.log(torch.cumsum(torch.exp(z), 1))).abs().max() < 1e-5)
try:
    torch.logcumsumexp(torch.tensor([1, 2]), 0)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.logcumsumexp(z, 3)
except IndexError as e:
    print("IndexError:", e)
f = torch.compile(lambda t: t.logcumsumexp(1) * 2)
print(torch.equal(f(z), z.logcumsumexp(1) * 2))
