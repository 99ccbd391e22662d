# torch.Size: printing, indexing, tuple behaviour, numel, equality.
import torch

x = torch.zeros(2, 3, 4)
s = x.shape
print(s, x.size(), x.size(1), x.size(-1), s[0], s[-2:], len(s))
print(s == (2, 3, 4), s == torch.Size([2, 3, 4]), tuple(s), list(s), s.numel())
print(torch.Size([]), torch.zeros(()).shape, torch.Size([5]) + (1,), isinstance(s, tuple))
a, b, c = s
print(a * b * c, x.numel(), x.dim(), x.ndim, type(s).__name__)
print(repr(torch.Size([1, 2])), str(torch.Size([0])))
print(torch.ones(s).shape, torch.zeros(*s).sum().item())
