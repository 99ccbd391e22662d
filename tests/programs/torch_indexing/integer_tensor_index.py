# Advanced indexing with integer tensors and lists; combined with slices.
import torch

x = torch.arange(20).view(4, 5)
print(x[torch.tensor([0, 2])], x[[3, 1]], x[torch.tensor([0, 1, 2]), torch.tensor([4, 3, 2])])
print(x[:, [0, 4]], x[[0, 0], 1:3], x[torch.tensor([[0, 1], [2, 3]])].shape)
print(x[torch.tensor([-1, -2])], x[1, [1, 2, 3]], x[[[0], [3]], [1, 2]])
i = torch.tensor([1, 1, 3])
print(x[i].stride(), x[i, i])
try:
    x[torch.tensor([4])]
except IndexError as e:
    print("IndexError:", e)
