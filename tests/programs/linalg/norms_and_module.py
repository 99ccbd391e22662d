# The torch.linalg module itself (import forms, attributes) and its norms.
import torch
import torch.linalg
from torch import linalg
from torch.linalg import matrix_exp as expm

print(linalg is torch.linalg, torch.linalg.__name__, expm is torch.linalg.matrix_exp)
x = torch.tensor([[3.0, -4.0], [1.0, 2.0]])
print(torch.linalg.vector_norm(x))
print(torch.linalg.vector_norm(x, 1, dim=1))
print(torch.linalg.vector_norm(x, float("inf"), dim=0, keepdim=True))
print(torch.linalg.matrix_norm(x))
print(torch.linalg.matrix_norm(x, 1), torch.linalg.matrix_norm(x, float("inf")))
print(torch.linalg.matrix_norm(x, -1), torch.linalg.matrix_norm(x, -float("inf")))
print(round(torch.linalg.matrix_norm(x, 2).item(), 4), round(torch.linalg.matrix_norm(x, "nuc").item(), 4))
print(torch.linalg.norm(x), torch.linalg.norm(x[0]), torch.linalg.norm(x, dim=1))
print(torch.linalg.norm(x, 1), torch.linalg.norm(x[0], 1))
b = torch.arange(8.0).reshape(2, 2, 2)
print(torch.linalg.matrix_norm(b), torch.linalg.matrix_norm(b, keepdim=True).shape)
