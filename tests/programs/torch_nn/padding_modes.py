# F.pad in reflect, replicate and circular modes (1-3 padded dims, batched and
# unbatched, negative pads) and the padding layers: values, reprs and errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(12.0).reshape(1, 1, 3, 4)
x1 = torch.arange(5.0).reshape(1, 1, 5)
for mode in ["reflect", "replicate", "circular"]:
    print(mode)
    print(F.pad(x1, (2, 3), mode=mode))
    print(F.pad(x, (1, 2, 2, 1), mode=mode))
    print(F.pad(x[0], (1, 1) if mode == "circular" else (1, 1, 1, 1), mode=mode))
    print(F.pad(x1, (-1, 2), mode=mode))
    print(F.pad(x.reshape(1, 1, 3, 2, 2), (1, 0, 1, 0, 1, 1), mode=mode)[0, 0, 1])
print(F.pad(x.double(), (1, 1, 1, 1), mode="reflect").dtype)
print(F.pad(x, (1, 1), mode="constant", value=7.0)[0, 0, 0])
print(F.pad(x.long(), (1, 2, 0, 1), mode="circular"))

for m in [nn.ReflectionPad1d(2), nn.ReflectionPad2d((1, 0, 2, 1)), nn.ReplicationPad1d((0, 3)),
          nn.ReplicationPad2d(1), nn.ZeroPad2d((1, 1, 2, 0)), nn.ConstantPad1d(2, 3.5),
          nn.ConstantPad2d((1, 0, 0, 1), -1.0)]:
    print(m)
    print(m(x if "2d" in type(m).__name__ else x1))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


err(lambda: F.pad(x, (1, 1), mode="reflect"))
err(lambda: F.pad(x, (1, 1, 1, 1, 1, 1), mode="reflect"))
err(lambda: F.pad(torch.randn(5), (1, 1), mode="reflect"))
err(lambda: F.pad(x, (1, 1, 1), mode="replicate"))
err(lambda: F.pad(x1, (5, 1), mode="reflect"))
err(lambda: F.pad(x, (1, 1, 3, 1), mode="reflect"))
err(lambda: F.pad(x1, (6, 1), mode="circular"))
err(lambda: F.pad(x[0], (1, 1, 1, 1), mode="circular"))
err(lambda: F.pad(x[0, 0], (1, 1), mode="circular"))
err(lambda: F.pad(x[0], (1, 1, 3, 1), mode="reflect"))
err(lambda: F.pad(x1, (1, 1), mode="bad"))
err(lambda: F.pad(x1, (1, 1), mode="reflect", value=2.0))
err(lambda: F.pad(torch.randn(2, 3, 0), (1, 1), mode="replicate"))
err(lambda: F.pad(x1.long(), (1, 1), mode="reflect"))
err(lambda: F.pad(x1.long(), (1, 1), mode="replicate"))
