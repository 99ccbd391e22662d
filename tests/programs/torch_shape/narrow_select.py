# narrow, select, index_select, gather, masked_fill.
import torch

x = torch.arange(20).view(4, 5)
print(x.narrow(0, 1, 2), x.narrow(1, 3, 2), torch.narrow(x, -1, 0, 1).shape)
print(x.select(0, 2), x.select(1, -1), x.select(1, 0).stride())
print(x.index_select(0, torch.tensor([3, 0])), torch.index_select(x, 1, torch.tensor([4, 4, 1])))
idx = torch.tensor([[0, 1], [4, 3], [2, 2], [0, 0]])
print(torch.gather(x, 1, idx), x.gather(0, torch.tensor([[3, 2, 1, 0, 0]])))
print(x.masked_fill(x % 3 == 0, -1), x.float().masked_fill(x > 15, float("-inf")))
try:
    x.narrow(0, 3, 2)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    x.select(0, 4)
except IndexError as e:
    print("IndexError:", e)
