# Unary math functions on a spread of values.
import torch

x = torch.tensor([-2.0, -0.5, 0.0, 0.25, 1.0, 3.0])
p = torch.tensor([0.01, 0.5, 1.0, 2.0, 10.0])
print(torch.abs(x), torch.neg(x), x.abs(), x.neg())
print(torch.exp(x), torch.expm1(x), torch.log(p), torch.log1p(p))
print(torch.sqrt(p), torch.rsqrt(p), torch.sin(x), torch.cos(x), torch.tan(x))
print(torch.tanh(x), torch.sigmoid(x), torch.erf(x))
print(torch.floor(x), torch.ceil(x), torch.round(x), torch.round(torch.tensor([0.5, 1.5, 2.5, -0.5])))
print(x.exp().log(), p.sqrt().pow(2), torch.log(torch.tensor([0.0, -1.0])))
print(torch.sqrt(torch.tensor([-1.0])), torch.exp(torch.tensor([100.0, -100.0])))
print(torch.abs(torch.tensor([-3, 4])), torch.neg(torch.tensor([1, -1])))
