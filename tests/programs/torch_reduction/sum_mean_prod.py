# sum, mean, prod: full, per-dim, keepdim, negative dims, dtype of results.
import torch

x = torch.arange(1, 13, dtype=torch.float32).view(3, 4)
print(x.sum(), x.sum(0), x.sum(1), x.sum(-1, keepdim=True), x.sum((0, 1)))
print(x.mean(), x.mean(0), x.mean(dim=1, keepdim=True), torch.mean(x, -2))
print(x.prod(), x.prod(1), torch.prod(x[:2], 0))
i = torch.arange(5)
print(i.sum(), i.sum().dtype, i.prod(), torch.tensor([True, True, False]).sum())
print(torch.sum(x, dim=0).shape, x.sum(dim=[0, 1], keepdim=True).shape)
print(torch.zeros(0).sum(), torch.zeros(0, 3).sum(0), torch.ones(0).prod())
print(torch.tensor(5.0).sum(), x.sum().item(), type(x.sum().item()).__name__)
try:
    i.mean()
except RuntimeError as e:
    print("RuntimeError:", e)
