# torch.atanh: values, integer promotion, in-place, NaN/inf outside (-1, 1), gradient.
import torch

x = torch.tensor([-0.9, -0.5, 0.0, 0.25, 0.75])
print(torch.atanh(x))
print(x.atanh(), torch.atanh(x.double()))
print(torch.atanh(torch.tensor([0, 1])), torch.atanh(torch.tensor([-1.0, 1.0, 2.0])))
y = x.clone()
y.atanh_()
print(y)
w = x.clone().requires_grad_()
torch.atanh(w).sum().backward()
print(w.grad)
