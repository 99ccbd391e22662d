# cat, stack, split, chunk, and errors.
import torch

a = torch.arange(6).view(2, 3)
b = torch.arange(6, 12).view(2, 3)
print(torch.cat([a, b]), torch.cat((a, b), dim=1), torch.cat([a, b], -1).shape)
print(torch.stack([a, b]).shape, torch.stack([a, b], dim=2).shape, torch.stack([a, b], 1))
print(torch.cat([torch.zeros(0), torch.ones(2)]), torch.cat([a.float(), b]).dtype)
x = torch.arange(10)
print(x.split(3), torch.split(x, [2, 8]), x.chunk(3), x.chunk(4), torch.chunk(a, 2, dim=1))
try:
    torch.cat([a, torch.zeros(2, 2)])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.stack([a, torch.zeros(3, 2)])
except RuntimeError as e:
    print("RuntimeError:", e)
