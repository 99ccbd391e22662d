# Integer and bool tensors: widths, negatives, dtype suffixes, 0-dim.
import torch

print(torch.tensor([1, 22, 333]), torch.tensor([-1, 0, 10000]))
print(torch.tensor([[1, 2], [30, -4]]), torch.tensor(7), torch.tensor(-3))
print(torch.tensor([1, 2], dtype=torch.int32), torch.tensor(5, dtype=torch.int32))
print(torch.tensor([True, False]), torch.tensor(True), torch.tensor([[True], [False]]))
print(torch.tensor([2**40, -5]), torch.tensor([1, 2], dtype=torch.int64))
print(torch.zeros(2, dtype=torch.float64), torch.zeros(2, dtype=torch.bool))
