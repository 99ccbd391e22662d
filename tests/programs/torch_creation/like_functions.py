# *_like functions keep shape and dtype unless told otherwise.
import torch

x = torch.arange(6).view(2, 3)
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.float32))
print(torch.full_like(x, 9), torch.full_like(x, 2.7))
print(torch.empty_like(x).shape, torch.empty_like(x).dtype)
y = torch.ones(2, 2, dtype=torch.float64)
print(torch.zeros_like(y).dtype, torch.ones_like(y).t().is_contiguous())
torch.manual_seed(0)
print(torch.rand_like(y), torch.randn_like(y.float()))
print(torch.randint_like(x, 10))
