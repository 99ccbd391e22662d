# ReLU6, Hardtanh, Hardswish and Hardsigmoid (MobileNetV3's activations): values at the
# kinks, NaN, in-place forms and reprs.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([-4.0, -3.0, -1.5, 0.0, 1.0, 2.9, 3.0, 7.0, float("nan")])
print(F.relu6(x))
print(F.hardtanh(x), F.hardtanh(x, -2.0, 2.5))
print(F.hardswish(x))
print(F.hardsigmoid(x))
print(F.hardswish(x.double()).dtype)
y = x.clone()
print(F.relu6(y, inplace=True) is y, y)
y = x.clone()
nn.Hardswish(inplace=True)(y)
print(y)
for m in [nn.ReLU6(), nn.ReLU6(inplace=True), nn.Hardtanh(), nn.Hardtanh(-2, 3, True),
          nn.Hardswish(), nn.Hardsigmoid()]:
    print(m, m(torch.linspace(-5, 5, 6)))
