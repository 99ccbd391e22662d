# Iterating over tensors yields sub-tensors along dim 0; unpacking; `in`.
import torch

x = torch.arange(6).view(3, 2)
for row in x:
    print(row, row.shape)
a, b, c = x
print(a + b + c, len(x))
print([v.item() for v in torch.tensor([1.5, 2.5])], list(torch.arange(3)))
print(2 in torch.tensor([1, 2, 3]), 5 in torch.arange(3))
try:
    for v in torch.tensor(1.0):
        pass
except TypeError as e:
    print("TypeError:", e)
