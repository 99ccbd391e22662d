# str(tensor) float formatting: integer-valued floats, precision, negative zero, mixed widths.
import torch

print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([1.5, -2.25, 100.0]))
print(torch.tensor([0.1, 0.12345678, 123.456]))
print(torch.tensor(3.0), torch.tensor(-0.0), torch.tensor(1e-3), torch.tensor(0.5))
print(torch.tensor([-1.0, 0.0, 1.0]), torch.tensor([[1.0, -10.0], [100.0, 0.5]]))
print(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([0.3333333], dtype=torch.float64))
print(torch.tensor([float("nan"), float("inf"), -float("inf"), 1.0]))
print(torch.tensor([float("nan"), 1.5]), torch.tensor([float("inf"), 2.0]))
