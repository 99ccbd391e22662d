# std, var (unbiased default and unbiased=False), norm.
import torch

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0]])
print(x.std(), x.var(), x.std(1), x.var(0), x.std(dim=1, keepdim=True))
print(x.var(unbiased=False), x.std(1, unbiased=False), torch.var(x, 1))
print(x.norm(), x.norm(dim=1), torch.norm(x, p=1), x.norm(p=2, dim=0), x.norm(float("inf")))
print(torch.tensor([5.0]).std(), torch.tensor([3.0, 4.0]).norm())
