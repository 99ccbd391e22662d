# as_tensor, clone, detach, to(dtype), float(), long(), int(), double(), bool().
import torch

a = torch.as_tensor([1, 2, 3])
b = torch.as_tensor(a)
print(a, b is a, torch.as_tensor([1.5, 2]).dtype, torch.as_tensor(a, dtype=torch.float32))
c = a.clone()
c[0] = 100
print(a, c)
d = a.detach()
d[1] = 50
print(a)
x = torch.tensor([1.7, -2.2, 0.0])
print(x.long(), x.int(), x.double(), x.bool(), x.to(torch.int64), x.to(dtype=torch.float64))
print(x.long().float(), torch.tensor([0, 1, 2]).bool(), x.to(torch.float32) is x)
print(x.to("cpu") is x, x.cpu() is x)
