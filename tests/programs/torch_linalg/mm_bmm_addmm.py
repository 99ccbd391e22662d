# mm, bmm, addmm, baddbmm with alpha and beta.
import torch

a = torch.arange(6.0).view(2, 3)
b = torch.arange(6.0).view(3, 2) - 2
print(torch.mm(a, b), a.mm(b))
x = torch.arange(12.0).view(2, 2, 3)
y = torch.arange(12.0).view(2, 3, 2) / 4
print(torch.bmm(x, y), x.bmm(y).shape)
bias = torch.tensor([1.0, -1.0])
print(torch.addmm(bias, a, b), torch.addmm(bias, a, b, beta=0.5, alpha=2))
print(torch.baddbmm(torch.zeros(2, 2, 2), x, y, alpha=0.5), torch.baddbmm(torch.ones(1, 2), x, y).shape)
try:
    torch.mm(a, a)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.bmm(a, b)
except RuntimeError as e:
    print("RuntimeError:", e)
