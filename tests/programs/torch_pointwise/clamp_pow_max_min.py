# clamp, pow, maximum, minimum, where.
import torch

x = torch.tensor([-3.0, -1.0, 0.0, 2.0, 5.0])
print(torch.clamp(x, -1, 2), x.clamp(min=0), x.clamp(max=1), torch.clamp(x, min=-2.5, max=2.5))
print(torch.clamp(torch.tensor([1, 5, 9]), 2, 6), x.clamp(0.5, 0.5))
print(torch.pow(x, 2), torch.pow(2, x), x.pow(torch.tensor([1.0, 2, 3, 0.5, 0])))
print(torch.pow(torch.tensor([2, 3]), 3), torch.tensor([4.0]).pow(-0.5))
y = torch.tensor([0.0, -2.0, 1.0, 1.0, 9.0])
print(torch.maximum(x, y), torch.minimum(x, y))
print(torch.where(x > 0, x, y), torch.where(x > 0, x, 0.0), torch.where(x < 0, -1, 1))
print(torch.where(torch.tensor([True, False]), torch.tensor([1, 2]), torch.tensor([1.5, 2.5])))
