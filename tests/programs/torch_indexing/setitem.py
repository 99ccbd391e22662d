# Writes through indexing: scalars, tensors with broadcasting, slices, advanced indices.
import torch

x = torch.zeros(3, 4)
x[0] = 1
x[1, 2] = 5
x[2, :2] = torch.tensor([7.0, 8.0])
x[:, 3] = torch.tensor([-1.0, -2.0, -3.0])
print(x)
x[...] = 0.5
x[0, ::2] = 9
print(x)
x[[0, 2], [1, 1]] = torch.tensor([11.0, 22.0])
print(x)
x[1:, 1:] = torch.arange(6.0).view(2, 3)
print(x)
ints = torch.zeros(3, dtype=torch.int64)
ints[1] = 2.7
ints[torch.tensor([0, 2])] = 9
print(ints)
x[:, None, 0] = torch.tensor([[1.0], [2.0], [3.0]])
print(x[:, 0])
try:
    x[0] = torch.ones(5)
except RuntimeError as e:
    print("RuntimeError:", e)
