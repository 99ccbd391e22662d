# matmul / @ across ranks: vector-vector, matrix-vector, batched, broadcast batch dims.
import torch

a = torch.arange(6.0).view(2, 3)
b = torch.arange(12.0).view(3, 4)
v = torch.tensor([1.0, 0.0, -1.0])
print(a @ b, a @ v, v @ b, v @ v, torch.matmul(a, b).shape)
batch = torch.arange(24.0).view(2, 3, 4)
print(batch @ torch.ones(4, 2), (torch.ones(5, 1, 2, 3) @ batch).shape)
print(torch.matmul(torch.ones(4), batch.transpose(1, 2)).shape)
ia = torch.arange(4).view(2, 2)
print(ia @ ia, (ia @ ia).dtype)
try:
    a @ a
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    a @ torch.ones(3, dtype=torch.float64)
except RuntimeError as e:
    print("RuntimeError:", e)
