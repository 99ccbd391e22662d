# repr vs str of tensors, tensors inside containers and f-strings, reprs of dtype/size/device.
import torch

x = torch.tensor([1.0, 2.5])
print(repr(x) == str(x), [x], (x, 1), {"t": x})
print(f"{x}", f"{x!r}", "%s" % (x,))
print(repr(torch.float32), repr(torch.Size([2])), repr(x.device), str(x.device))
p = torch.nn.Parameter(torch.ones(2))
print(p)
print(torch.ones(2, requires_grad=True))
print(torch.tensor([[1.0, 2.0]], dtype=torch.float64))
print(torch.tensor([1, 2], dtype=torch.int32).float())
