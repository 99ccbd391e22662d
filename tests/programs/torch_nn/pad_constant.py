# F.pad in constant mode: widening, cropping with negative pads, fill values, errors.
import torch
import torch.nn.functional as F
x = torch.arange(12.0).reshape(2, 2, 3)
print(F.pad(x, (1, 2)))
print(F.pad(x, (0, 0, 1, 0), value=-1.5))
print(F.pad(x, (-1, 1, 1, -1)))
print(F.pad(torch.arange(6).reshape(2, 3), (1, 1, 1, 1), value=7))
print(F.pad(x, [1, 1, 1, 1, 1, 1]).shape, F.pad(x, (0, 0)).shape)
for bad in [(1,), (1, 1) * 4, (-2, -2)]:
    try:
        F.pad(x, bad)
    except RuntimeError as e:
        print("RuntimeError:", e)
