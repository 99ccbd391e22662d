# expand, expand_as, repeat.
import torch

x = torch.tensor([[1], [2], [3]])
e = x.expand(3, 4)
print(e, e.stride(), x.expand(-1, 2), x.expand(2, 3, 2).shape)
print(torch.tensor([1, 2]).expand_as(torch.zeros(3, 2)))
print(x.repeat(1, 2), torch.tensor([1, 2]).repeat(2, 2), torch.tensor([1, 2]).repeat(3).shape)
try:
    x.expand(4, 4)
except RuntimeError as e:
    print("RuntimeError:", e)
