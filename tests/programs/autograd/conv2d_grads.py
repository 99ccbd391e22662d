# Gradients of nn.Conv2d with tuple stride/padding/dilation, groups (grouped and
# depthwise), non-square kernels and padding modes.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, cin, cout, k, **kw):
    torch.manual_seed(2)
    conv = nn.Conv2d(cin, cout, k, **kw).double()
    x = torch.randn(2, cin, 7, 6, dtype=torch.float64, requires_grad=True)
    out = conv(x)
    w = torch.randn(out.shape, dtype=torch.float64)
    (out * w).sum().backward()
    print(name, tuple(out.shape), out.grad_fn.name())
    print("  x", r(x.grad.sum((0, 1))[2]))
    print("  w", r(conv.weight.grad.sum((0, 1))))
    if conv.bias is not None:
        print("  b", r(conv.bias.grad))


run("plain", 3, 4, 3)
run("stride", 3, 4, 3, stride=(2, 1))
run("pad", 3, 4, (3, 2), padding=(1, 2))
run("same", 3, 4, 3, padding="same", dilation=2)
run("dil", 3, 4, 2, dilation=(2, 3))
run("groups", 4, 6, 3, groups=2, padding=1)
run("depthwise", 3, 6, 3, groups=3, stride=2, padding=1)
run("nobias", 3, 2, 1, bias=False)
run("reflect", 3, 4, 3, padding=1, padding_mode="reflect")
run("circular", 3, 4, 3, padding=1, padding_mode="circular")
