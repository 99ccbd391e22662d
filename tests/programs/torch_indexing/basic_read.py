# Basic indexing reads: ints, negative ints, slices with steps, None, Ellipsis.
import torch

x = torch.arange(24).view(2, 3, 4)
print(x[0], x[-1, -1], x[1, 2, 3], x[1, 2, 3].shape, x[0, :, 1])
print(x[:, 1:3], x[..., 0], x[0, ..., 2], x[:, :, ::2], x[:, ::2])
print(x[None].shape, x[:, None, :, None].shape, x[..., None].shape, x[None, ..., None].shape)
print(x[1:, 1:, 1:].stride(), x[:, :, 1:3].storage_offset(), x[0][1][2])
print(x[5:].shape, x[:, 10:20].shape, x[-100:].shape)
y = x[0, 1]
print(y, y.shape, y.is_contiguous())
try:
    x[2]
except IndexError as e:
    print("IndexError:", e)
try:
    x[0, 0, 0, 0]
except IndexError as e:
    print("IndexError:", e)
try:
    x[::-1]
except ValueError as e:
    print("ValueError:", e)
