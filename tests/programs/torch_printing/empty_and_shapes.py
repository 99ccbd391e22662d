# Printing empty tensors, 0-dim tensors, high-rank tensors and size-1 dims.
import torch

print(torch.zeros(0), torch.zeros(0, 3), torch.zeros(2, 0), torch.zeros(0, dtype=torch.int64))
print(torch.zeros(0, dtype=torch.bool), torch.zeros(0, dtype=torch.float64))
print(torch.tensor(2.5), torch.tensor([2.5]), torch.tensor([[2.5]]))
print(torch.arange(24.0).view(2, 3, 4))
print(torch.arange(16).view(2, 2, 2, 2))
print(torch.ones(1, 1, 3))
