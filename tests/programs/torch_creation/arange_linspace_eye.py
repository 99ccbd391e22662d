# arange (int and float steps), linspace, eye.
import torch

print(torch.arange(5), torch.arange(2, 8), torch.arange(0, 10, 3))
print(torch.arange(0, 1, 0.25), torch.arange(5.0), torch.arange(10, 0, -3))
print(torch.arange(5).dtype, torch.arange(5.0).dtype, torch.arange(0, 1, 0.5).dtype)
print(torch.arange(4, dtype=torch.float64))
print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, 3), torch.linspace(0, 10, 1))
print(torch.linspace(0, 1, 4).dtype)
print(torch.eye(3), torch.eye(2, 3), torch.eye(2, dtype=torch.int64))
print(torch.arange(0).shape, torch.linspace(0, 1, 0))
