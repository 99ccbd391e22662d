# Broadcasting rules across ranks and size-1 dims, and broadcast errors.
import torch

a = torch.arange(3).view(3, 1)
b = torch.arange(4).view(1, 4)
print(a + b, (a * b).shape)
c = torch.ones(2, 1, 3)
d = torch.arange(4.0).view(4, 1)
print((c + d).shape, (c * torch.tensor(2.0)).shape)
print(torch.arange(6).view(2, 3) - torch.tensor([10, 20, 30]))
print(torch.zeros(0, 3) + torch.ones(3), (torch.zeros(2, 0) + 1).shape)
try:
    torch.ones(2, 3) + torch.ones(4)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.ones(2, 3) * torch.ones(3, 2)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.broadcast_tensors(torch.ones(2, 1), torch.zeros(3))[0].shape)
