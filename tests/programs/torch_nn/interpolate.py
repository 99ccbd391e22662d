# F.interpolate and nn.Upsample / UpsamplingNearest2d / UpsamplingBilinear2d: nearest,
# linear, bilinear, bicubic and trilinear with sizes or scale factors, align_corners,
# recompute_scale_factor; reprs and PyTorch's error messages.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


torch.manual_seed(0)
torch.set_grad_enabled(False)
x = torch.arange(12.0).reshape(1, 1, 3, 4)
print(F.interpolate(x, scale_factor=2))
print(F.interpolate(x, size=(5, 3)))
print(F.interpolate(x, scale_factor=1.5))
print(F.interpolate(x, scale_factor=(0.7, 1.3)))
print(F.interpolate(x, scale_factor=1.5, recompute_scale_factor=True))
print(F.interpolate(x, size=(4, 6), mode="bilinear"))
print(F.interpolate(x, size=(4, 6), mode="bilinear", align_corners=True))
print(F.interpolate(x, scale_factor=2, mode="bicubic"))
print(F.interpolate(x, scale_factor=2, mode="bicubic", align_corners=True))
print(F.interpolate(x, size=(2, 2), mode="bilinear"))
r = torch.randn(2, 3, 5, 6)
for mode, ac in [("nearest", None), ("bilinear", False), ("bilinear", True), ("bicubic", False)]:
    for kw in [dict(size=(7, 4)), dict(scale_factor=2), dict(scale_factor=(1.6, 0.5))]:
        y = F.interpolate(r, mode=mode, align_corners=ac, **kw)
        print(mode, ac, kw, tuple(y.shape), y[1, 2, :2])
s = torch.randn(2, 2, 5)
print(F.interpolate(s, scale_factor=1.8))
print(F.interpolate(s, size=8, mode="linear"))
print(F.interpolate(s, size=8, mode="linear", align_corners=True))
v = torch.randn(1, 1, 2, 3, 2)
print(F.interpolate(v, scale_factor=2)[0, 0, 1])
print(F.interpolate(v, size=(3, 3, 3), mode="trilinear")[0, 0, 2])
print(F.interpolate(x.double(), scale_factor=2, mode="bilinear").dtype)
e = torch.arange(10.0).reshape(1, 1, 2, 5)
print(F.interpolate(e, size=(3, 3), mode="nearest-exact"))
print(F.interpolate(e, scale_factor=1.7, mode="nearest-exact"))
print(F.interpolate(s, size=7, mode="nearest-exact"), F.interpolate(v, scale_factor=1.5, mode="nearest-exact").shape)

print(F.interpolate(r, size=(2, 3), mode="area")[1])
print(F.interpolate(r, scale_factor=0.5, mode="area")[0, 0], F.interpolate(s, size=3, mode="area"))
for m in [nn.Upsample(scale_factor=2), nn.Upsample(size=(3, 4), mode="bilinear", align_corners=True),
          nn.Upsample(scale_factor=(2, 3)), nn.UpsamplingNearest2d(scale_factor=2),
          nn.UpsamplingBilinear2d(size=5), nn.Upsample(scale_factor=2.0, mode="bicubic")]:
    print(m, m(x).shape)
print(nn.UpsamplingBilinear2d(scale_factor=2)(x)[0, 0, :2])

attempt(lambda: F.interpolate(x, scale_factor=2, mode="nearest", align_corners=True))
attempt(lambda: F.interpolate(x, size=(2,), mode="bilinear"))
attempt(lambda: F.interpolate(x, size=0))
attempt(lambda: F.interpolate(x, scale_factor=0.1))
attempt(lambda: F.interpolate(x))
attempt(lambda: F.interpolate(x, size=3, scale_factor=2))
attempt(lambda: F.interpolate(x, size=3, recompute_scale_factor=True))
attempt(lambda: F.interpolate(x, size=3, mode="linear"))
attempt(lambda: F.interpolate(s, size=3, mode="bilinear"))
attempt(lambda: F.interpolate(x, size=3, mode="foo"))
attempt(lambda: F.interpolate(x, scale_factor=(2, 3, 4)))
attempt(lambda: F.interpolate(x.long(), scale_factor=2, mode="bilinear"))
attempt(lambda: F.interpolate(x.long(), scale_factor=2))
attempt(lambda: F.interpolate(x.long(), scale_factor=2, mode="nearest-exact"))
attempt(lambda: F.interpolate(r.long(), scale_factor=2, mode="nearest-exact"))
attempt(lambda: F.interpolate(r.long(), scale_factor=2, mode="bicubic"))
attempt(lambda: F.interpolate(torch.randn(3, 4), scale_factor=2))
attempt(lambda: F.interpolate(s, scale_factor=2, antialias=True))
