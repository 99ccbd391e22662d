# ones, zeros, full, empty (shape only), with sizes as varargs, tuples and dtypes.
import torch

print(torch.ones(2, 3))
print(torch.zeros((2, 2), dtype=torch.int64))
print(torch.full((2, 3), 7))
print(torch.full((2,), 1.5), torch.full((1, 2), True))
print(torch.ones(3, dtype=torch.bool), torch.zeros(0), torch.ones(()))
e = torch.empty(4, 5)
print(e.shape, e.dtype, e.numel(), torch.empty(0, 3).shape)
print(torch.zeros(2, 0, 3).shape, torch.ones([2, 2], dtype=torch.float64).dtype)
print(torch.ones(2, 3, device="cpu").device, torch.zeros(1).device)
print(torch.full((2, 2), 3, dtype=torch.float32))
