# Gradients of nn.Conv1d / F.conv1d with stride, padding (int, 'same', 'valid'),
# dilation, groups, padding_mode and no bias: input, weight and bias gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, **kw):
    torch.manual_seed(1)
    conv = nn.Conv1d(4, 6, 3, **kw).double()
    x = torch.randn(2, 4, 9, dtype=torch.float64, requires_grad=True)
    out = conv(x)
    w = torch.randn(out.shape, dtype=torch.float64)
    (out * w).sum().backward()
    print(name, tuple(out.shape), out.grad_fn.name())
    print("  x", r(x.grad.sum((0, 1))))
    print("  w", r(conv.weight.grad.sum(0)))
    print("  b", None if conv.bias is None else r(conv.bias.grad))


run("plain")
run("stride2", stride=2)
run("pad1", padding=1)
run("same", padding="same")
run("valid", padding="valid")
run("dil2", dilation=2, padding=2)
run("groups2", groups=2)
run("nobias", bias=False, stride=3)
run("reflect", padding=1, padding_mode="reflect")
run("circular", padding=2, padding_mode="circular")
run("replicate", padding=1, padding_mode="replicate")

x = torch.randn(1, 2, 7, dtype=torch.float64, requires_grad=True)
w = torch.randn(2, 1, 2, dtype=torch.float64, requires_grad=True)
y = F.conv1d(x, w, groups=2, stride=2)
y.sum().backward()
print("depthwise", r(x.grad), r(w.grad))
