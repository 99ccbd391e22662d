# Boolean mask indexing: reads, writes, scalar masks, shape mismatch errors.
import torch

x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
m = x > 0
print(x[m], x[m].shape, x[x < -3])
print(x[torch.tensor([True, False])], x[:, torch.tensor([False, True, True])])
y = x.clone()
y[y < 0] = 0
print(y)
y[m] = torch.tensor([10.0, 20.0, 30.0])
print(y)
print(x[torch.zeros(2, 3, dtype=torch.bool)].shape)
try:
    x[torch.tensor([True, False, True])]
except IndexError as e:
    print("IndexError:", e)
