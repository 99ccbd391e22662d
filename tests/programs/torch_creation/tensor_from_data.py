# torch.tensor: dtype inference, nested lists, explicit dtype, scalars, bools.
import torch

a = torch.tensor([1, 2, 3])
b = torch.tensor([1.0, 2, 3])
c = torch.tensor([[True, False], [False, True]])
d = torch.tensor(3.5)
e = torch.tensor([[1, 2], [3, 4]], dtype=torch.float64)
f = torch.tensor([], dtype=torch.int32)
for t in [a, b, c, d, e, f]:
    print(t, t.dtype, t.shape, t.dim())
print(torch.tensor([1, 2.5]).dtype, torch.tensor([True, 2]).dtype, torch.tensor(7).item())
print(torch.tensor([[1, 2], [3, 4]]).tolist(), torch.tensor(2.5).tolist())
print(torch.tensor([1, 2], dtype=torch.float32) + 0.5)
print(torch.tensor([0.1, 0.2]).dtype, torch.tensor([0.1], dtype=torch.double))
g = torch.tensor([1.0, 2.0], requires_grad=True)
print(g.requires_grad, torch.tensor([1.0]).requires_grad)
