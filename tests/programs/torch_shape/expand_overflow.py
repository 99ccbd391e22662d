# An expand whose element count overflows int64 raises (it used to report numel() 0);
# one with a zero size is an empty tensor whatever the other sizes.
import torch

one = torch.ones(1, 1)
for sizes in ((2**40, 2**40), (2**62, 4), (2**31, 2**31)):
    try:
        t = one.expand(*sizes)
        print(sizes, t.numel())
    except RuntimeError as e:
        print(sizes, "RuntimeError:", e)
print(torch.ones(0, 1).expand(0, 2**62).numel())
print(torch.ones(1).expand(2**40).shape)
