# Large tensors are summarised with `...` (threshold 1000 elements, 3 edge items).
import torch

print(torch.arange(1001))
print(torch.arange(1000))
print(torch.arange(2000.0).view(40, 50))
print(torch.arange(3000).view(10, 10, 30))
print(torch.ones(2000, dtype=torch.bool))
x = torch.linspace(0, 1, 1200)
print(x)
