# t() on 1-D/2-D, transposed operands into matmul, dot, outer-product via broadcasting.
import torch

w = torch.arange(6.0).view(3, 2)
x = torch.arange(8.0).view(4, 2)
print(x @ w.t(), torch.matmul(x, w.T), (x @ w.t()).stride())
print(torch.dot(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
print(torch.tensor([1.0, 2.0])[:, None] * torch.tensor([3.0, 4.0, 5.0]))
print(torch.mv(w.t(), torch.tensor([1.0, 1.0, 1.0])))
