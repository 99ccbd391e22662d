# Gradients of nn.ConvTranspose1d/2d with stride, padding, output_padding, dilation and
# groups, and of F.conv_transpose2d called directly.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, mod, shape):
    x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    out = mod(x)
    w = torch.randn(out.shape, dtype=torch.float64)
    (out * w).sum().backward()
    print(name, tuple(out.shape), out.grad_fn.name())
    print("  x", r(x.grad.sum(0)[0]))
    print("  w", r(mod.weight.grad.sum((0, 1))))
    if mod.bias is not None:
        print("  b", r(mod.bias.grad))


torch.manual_seed(3)
run("t2d", nn.ConvTranspose2d(2, 3, 3).double(), (2, 2, 4, 4))
run("t2d_stride", nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1).double(),
    (1, 2, 3, 3))
run("t2d_dil", nn.ConvTranspose2d(2, 2, 2, dilation=2, bias=False).double(), (1, 2, 3, 3))
run("t2d_groups", nn.ConvTranspose2d(4, 6, 3, groups=2, stride=(1, 2)).double(), (1, 4, 3, 3))
run("t1d", nn.ConvTranspose1d(3, 2, 4, stride=2, padding=1).double(), (2, 3, 5))

x = torch.randn(1, 2, 3, 3, dtype=torch.float64, requires_grad=True)
w = torch.randn(2, 1, 2, 2, dtype=torch.float64, requires_grad=True)
b = torch.randn(1, dtype=torch.float64, requires_grad=True)
y = F.conv_transpose2d(x, w, b, stride=2)
y.square().sum().backward()
print("functional", tuple(y.shape), r(w.grad), r(b.grad))
