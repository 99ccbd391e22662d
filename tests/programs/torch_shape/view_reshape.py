# view, reshape (with -1), contiguity, sharing storage, errors.
import torch

x = torch.arange(12)
v = x.view(3, 4)
print(v, v.shape, v.stride(), x.view(2, -1).shape, x.view(-1, 2, 3).shape)
v[0, 0] = 100
print(x[0])
r = x.reshape(4, 3)
print(r.shape, r.is_contiguous(), torch.reshape(x, (2, 6)).shape)
t = v.t()
print(t.is_contiguous(), t.reshape(12)[:4], t.contiguous().is_contiguous())
try:
    t.view(12)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    x.view(5, 3)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    x.view(-1, -1)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.zeros(0, 4).view(-1, 2).shape, torch.tensor(5).view(1, 1).shape)
