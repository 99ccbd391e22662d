# Pointwise ops on transposed, sliced and expanded inputs: results and output strides.
import torch

x = torch.arange(12, dtype=torch.float32).view(3, 4)
t = x.t()
print(t.is_contiguous(), t.stride(), (t + 1).stride(), (t + 1).is_contiguous())
print(t * 2)
s = x[:, ::2]
print(s, s.stride(), (s * s).stride(), torch.exp(s / 10))
e = torch.tensor([1.0, 2.0, 3.0]).view(3, 1).expand(3, 4)
print(e.stride(), e + x, (e + x).stride())
print((t + t).stride(), (x + t.t()).stride(), torch.sin(t).stride())
