# An uncaught IndexError from tensor indexing.
import torch

x = torch.arange(6).view(2, 3)
print(x[1, 2])
print(x[2, 0])
