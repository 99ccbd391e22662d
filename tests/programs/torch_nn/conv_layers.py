# Conv1d/2d/3d and ConvTranspose1d/2d: seeded initialisation, reprs, padding modes,
# 'same'/'valid', groups/depthwise, dilation, unbatched inputs, float64, and errors.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_grad_enabled(False)
# Under WICK_COMPILE_ALL every function compiles: show() and F's wrappers meet more ranks
# and argument kinds here than the default limit of 8 compiled versions.
torch._dynamo.config.recompile_limit = 64


def show(name, t):
    print(name, tuple(t.shape), t.dtype)
    print([round(v, 4) for v in t.flatten()[:8].tolist()])
    print(round(float(t.double().sum()), 2), round(float(t.double().abs().mean()), 4) if t.numel() else 0.0)


c1 = nn.Conv1d(3, 4, 3)
print(c1)
print(c1.weight[0])
print(c1.bias)
x1 = torch.randn(2, 3, 10)
show("conv1d", c1(x1))

c2 = nn.Conv2d(3, 6, (3, 2), stride=(2, 1), padding=1, dilation=(1, 2), bias=False)
print(c2)
x2 = torch.randn(2, 3, 9, 8)
show("conv2d", c2(x2))
print(c2(x2)[0, 0])

for mode in ["zeros", "reflect", "replicate", "circular"]:
    c = nn.Conv2d(2, 3, 3, padding=1, padding_mode=mode)
    print(c)
    y = c(torch.randn(1, 2, 5, 5))
    print(mode, y.shape, round(float(y.double().sum()), 3))

same = nn.Conv1d(2, 2, 4, padding="same", dilation=2)
odd = nn.Conv1d(2, 2, 3, padding="same", dilation=3)
print(odd, odd(torch.randn(2, 5)).shape)
print(same)
y = same(torch.randn(1, 2, 11))
print(y.shape, round(float(y.double().sum()), 3))
valid = nn.Conv2d(2, 2, 3, padding="valid")
print(valid, valid(torch.randn(1, 2, 5, 5)).shape)

dw = nn.Conv2d(8, 8, 3, padding=1, groups=8)
print(dw, dw.weight.shape)
show("depthwise", dw(torch.randn(1, 8, 6, 6)))
g2 = nn.Conv2d(4, 6, 1, groups=2)
show("grouped", g2(torch.randn(3, 4, 4, 4)))

c3 = nn.Conv3d(2, 3, 2, stride=(1, 2, 2))
print(c3)
show("conv3d", c3(torch.randn(1, 2, 4, 5, 6)))

t1 = nn.ConvTranspose1d(3, 2, 4, stride=2, padding=1)
print(t1)
show("convT1d", t1(torch.randn(2, 3, 7)))
t2 = nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
print(t2, t2.weight.shape)
show("convT2d", t2(torch.randn(1, 4, 5, 5)))
show("convT2d size", t2(torch.randn(1, 4, 5, 5), output_size=[9, 9]))
t3 = nn.ConvTranspose2d(2, 2, 2, stride=2, dilation=2, bias=False)
print(t3)
show("convT2d dil", t3(torch.randn(2, 5, 4)))

show("unbatched", c1(torch.randn(3, 10)))
cd = nn.Conv2d(2, 3, 3, dtype=torch.float64)
print(cd.weight.dtype)
show("float64", cd(torch.randn(1, 2, 5, 5, dtype=torch.float64)))

w = torch.randn(4, 3, 3, 3)
b = torch.randn(4)
x = torch.randn(2, 3, 7, 7)
show("F.conv2d", F.conv2d(x, w, b, stride=2, padding=(1, 2)))
show("torch.conv2d", torch.conv2d(x, w, None, 1, "same"))
show("F.conv_transpose2d", F.conv_transpose2d(x, w.transpose(0, 1), b, stride=3))
show("empty batch", F.conv2d(torch.randn(0, 3, 7, 7), w))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


err(lambda: F.conv2d(x, torch.randn(6, 2, 3, 3)))
err(lambda: F.conv2d(torch.randn(4, 5), w))
err(lambda: F.conv1d(torch.randn(1, 3, 5, 5, 5), torch.randn(2, 3, 3)))
err(lambda: F.conv2d(x, torch.randn(6, 3, 3, 3), groups=2))
err(lambda: F.conv2d(x, torch.randn(6, 1, 3, 3), groups=3, bias=torch.randn(5)))
err(lambda: F.conv2d(x, torch.randn(6, 3, 9, 9)))
err(lambda: F.conv2d(x, w, stride=2, padding="same"))
err(lambda: F.conv2d(x, w, padding="full"))
err(lambda: F.conv2d(x, w, stride=0))
err(lambda: F.conv2d(x, w, padding=-1))
err(lambda: F.conv2d(x, w, dilation=0))
err(lambda: F.conv2d(x[:1], w, dilation=(1, -1)))
err(lambda: F.conv2d(x, w, groups=0))
err(lambda: F.conv2d(x, w, stride=(1, 1, 1)))
err(lambda: F.conv2d(x, torch.randn(4, 3)))
err(lambda: F.conv2d(x, w.double()))
err(lambda: F.conv2d(x[:1], w.double()))
err(lambda: F.conv2d(x.double(), w))
err(lambda: F.conv2d(x, w, b.double()))
err(lambda: F.conv_transpose2d(x, torch.randn(3, 2, 3, 3), output_padding=1))
err(lambda: F.conv_transpose1d(torch.randn(1, 3, 5), torch.randn(3, 2, 3), stride=2,
                               output_padding=2))
err(lambda: F.conv_transpose2d(x, torch.randn(4, 2, 3, 3)))
err(lambda: F.conv_transpose2d(x, torch.randn(3, 2, 3, 3), bias=torch.randn(3)))
err(lambda: nn.Conv2d(4, 6, 3, groups=3))
err(lambda: nn.Conv2d(3, 6, 3, stride=2, padding="same"))
err(lambda: nn.ConvTranspose2d(3, 6, 3, padding_mode="reflect"))
err(lambda: t2(torch.randn(1, 4, 5, 5), output_size=[20, 20]))
