# Scientific notation: large dynamic range, very small or very large values.
import torch

print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([123456789.0]))
print(torch.tensor([1e8, 1e-8, 1.0]))
print(torch.tensor([0.0001, 0.001]))
print(torch.tensor([1e-10]), torch.tensor(1e20), torch.tensor([12345.678, 0.5]))
print(torch.tensor([1e-5, 2e-5], dtype=torch.float64))
print(torch.tensor([1.0e3, 1.0e4, 1.0e5]), torch.tensor([1e15, 1e16]))
