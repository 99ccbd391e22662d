# permute, transpose, t, and their strides.
import torch

x = torch.arange(24).view(2, 3, 4)
p = x.permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous(), p[1, 1])
print(x.transpose(0, 2).shape, x.transpose(-1, -2).stride(), torch.transpose(x, 0, 1).shape)
m = torch.arange(6).view(2, 3)
print(m.t(), m.t().stride(), torch.t(m).shape, m.T.shape)
print(torch.arange(3).t(), torch.tensor(2.0).t())
print(x.permute(0, 2, 1).contiguous().stride(), x.permute((1, 0, 2)).shape)
try:
    x.permute(0, 1)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    x.t()
except RuntimeError as e:
    print("RuntimeError:", e)
