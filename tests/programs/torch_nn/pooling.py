# Max, average and adaptive pooling: functional and module forms, ceil_mode, padding,
# dilation, count_include_pad, divisor_override, indices, unbatched inputs, reprs, errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 7, 6)
x1 = torch.randn(2, 3, 9)

print(F.max_pool2d(x, 2)[0, 0])
print(F.max_pool2d(x, 3, stride=2, padding=1)[1, 2])
print(F.max_pool2d(x, (3, 2), stride=(2, 1), dilation=(2, 1), ceil_mode=True).shape)
out, idx = F.max_pool2d(x, 2, return_indices=True, ceil_mode=True)
print(out[0, 1])
print(idx[0, 1])
print(F.max_pool1d(x1, 3)[0])
print(F.max_pool1d(x1, 2, stride=1, padding=1, dilation=2))
print(F.max_pool1d(x1, 4, ceil_mode=True, return_indices=True)[1][1])

print(F.avg_pool2d(x, 2)[0, 0])
print(F.avg_pool2d(x, 3, stride=2, padding=1)[0, 0])
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False)[0, 0])
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True)[0, 0])
print(F.avg_pool2d(x, 2, divisor_override=3)[0, 0])
print(F.avg_pool1d(x1, 3, stride=2, padding=1, ceil_mode=True)[0])
print(F.avg_pool1d(x1, 2, count_include_pad=False, padding=1)[1])

print(F.adaptive_avg_pool2d(x, (3, 4))[0, 0])
print(F.adaptive_avg_pool2d(x, 1).shape)
print(F.adaptive_avg_pool2d(x, (None, 2)).shape)
print(F.adaptive_avg_pool1d(x1, 4)[0])
o, i = F.adaptive_max_pool2d(x, (2, 4), return_indices=True)
print(o[1, 1])
print(i[1, 1])
print(F.adaptive_max_pool1d(x1, 5)[0])

nan = torch.tensor([[[1.0, float("nan"), 3.0, 2.0]]])
print(F.max_pool1d(nan, 2), F.adaptive_max_pool1d(nan, 1))
two_nans = torch.tensor([[[float("nan"), 1.0, float("nan"), 2.0]]])
print(F.max_pool1d(two_nans, 4, return_indices=True),
      F.adaptive_max_pool1d(two_nans, 1, return_indices=True))
print(F.max_pool2d(two_nans.unsqueeze(0), (1, 4), return_indices=True)[1],
      F.adaptive_max_pool2d(two_nans.unsqueeze(0), 1, return_indices=True)[1])
ninf = torch.full((1, 1, 1, 4), float("-inf"))
print(F.max_pool2d(ninf, (1, 2), padding=(0, 1), return_indices=True)[1])

print(F.max_pool2d(x[0], 2).shape, F.avg_pool2d(x[0], 2).shape)
print(F.adaptive_avg_pool2d(x[0], 2).shape, F.max_pool1d(x1[0], 2).shape)
xd = x.double()
print(F.max_pool2d(xd, 3, 2)[0, 0])
print(F.avg_pool2d(xd, 2)[0, 0])
print(F.avg_pool2d(x.long(), 2)[0, 0])

for m in [nn.MaxPool2d(2), nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True),
          nn.MaxPool1d(2, dilation=2), nn.AvgPool2d(2), nn.AvgPool2d((2, 3), stride=1),
          nn.AvgPool1d(3, padding=1), nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveAvgPool2d(2),
          nn.AdaptiveAvgPool1d(3), nn.AdaptiveMaxPool2d((2, 3))]:
    print(m)
print(nn.MaxPool2d(2, return_indices=True)(x)[1].dtype)
print(nn.Sequential(nn.MaxPool2d(2), nn.AdaptiveAvgPool2d(1))(x).flatten())


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


err(lambda: F.max_pool2d(x, 3, padding=2))
err(lambda: F.max_pool2d(x, 8))
err(lambda: F.max_pool2d(torch.randn(5), 2))
err(lambda: F.max_pool2d(x, 0))
err(lambda: F.max_pool2d(x, 2, dilation=0))
err(lambda: F.max_pool2d(x, (2, 2, 2)))
err(lambda: F.max_pool2d(x.long(), 2))
err(lambda: F.max_pool2d(torch.randn(1, 0, 4, 4), 2))
err(lambda: F.max_pool1d(x1, 2, padding=2))
err(lambda: F.max_pool1d(x1, 0))
err(lambda: F.max_pool1d(torch.randn(5), 2))
err(lambda: F.avg_pool2d(x, 3, padding=2))
err(lambda: F.avg_pool2d(x, 8))
err(lambda: F.avg_pool2d(x, 2, divisor_override=0))
err(lambda: F.avg_pool1d(torch.randn(5), 2))
err(lambda: F.avg_pool1d(x1, 10))
err(lambda: F.adaptive_avg_pool2d(torch.randn(5), 2))
err(lambda: F.adaptive_max_pool2d(torch.randn(5), 2))
err(lambda: F.adaptive_avg_pool2d(x, (2, 2, 2)))
err(lambda: F.adaptive_max_pool2d(torch.randn(1, 0, 4, 4), 2))
err(lambda: F.adaptive_avg_pool1d(torch.randn(5), 2))
