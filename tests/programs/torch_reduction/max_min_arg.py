# max/min with and without dim (named (values, indices) results), amax/amin, argmax/argmin.
import torch

x = torch.tensor([[3.0, 7.0, 7.0, 1.0], [9.0, -2.0, 4.0, 9.0]])
print(x.max(), x.min(), torch.max(x), x.argmax(), x.argmin())
r = x.max(dim=1)
print(r)
print(r.values, r.indices, r[0], r[1])
values, indices = torch.min(x, 0)
print(values, indices)
print(x.max(1, keepdim=True), x.amax(0), x.amin(dim=1), x.amax(dim=(0, 1)))
print(x.argmax(dim=1), x.argmin(0, keepdim=True))
print(torch.max(x, torch.tensor([5.0, 5.0, 5.0, 5.0])))
i = torch.tensor([4, 1, 4])
print(i.max(), i.argmax(), i.min(0))
try:
    torch.zeros(0).max()
except RuntimeError as e:
    print("RuntimeError:", e)
