# shape, size(), dim(), ndim, numel(), dtype, device, stride(), is_contiguous().
import torch

for t in [torch.tensor(1.0), torch.zeros(5), torch.zeros(2, 3), torch.zeros(2, 0, 4)]:
    print(t.shape, t.size(), t.dim(), t.ndim, t.numel(), t.dtype, t.device, t.stride(),
          t.is_contiguous(), len(t.shape))
x = torch.zeros(4, 5)
print(len(x), x.size(0), x.size(dim=1), x.stride(1), x[1:].storage_offset())
try:
    len(torch.tensor(1.0))
except TypeError as e:
    print("TypeError:", e)
try:
    x.size(2)
except IndexError as e:
    print("IndexError:", e)
