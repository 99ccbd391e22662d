# Gradients of MaxPool1d/2d (stride, padding, dilation, ceil_mode, return_indices),
# AvgPool1d/2d (count_include_pad, ceil_mode, divisor_override) and AdaptiveMaxPool2d;
# ties in max pooling route the gradient to one element.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, shape=(1, 1, 5, 5)):
    torch.manual_seed(4)
    x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    out = fn(x)
    w = torch.arange(1.0, out.numel() + 1, dtype=torch.float64).view(out.shape)
    (out * w).sum().backward()
    print(name, tuple(out.shape), out.grad_fn.name())
    print(" ", r(x.grad.view(-1)))


run("max2", nn.MaxPool2d(2))
run("max3s2p1", nn.MaxPool2d(3, stride=2, padding=1))
run("max_ceil", nn.MaxPool2d(2, ceil_mode=True))
run("max_dil", nn.MaxPool2d(2, dilation=2))
run("max1d", nn.MaxPool1d(3, stride=2), (1, 2, 7))
run("avg2", nn.AvgPool2d(2))
run("avg_pad", nn.AvgPool2d(3, stride=2, padding=1))
run("avg_nopad", nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False))
run("avg_ceil", nn.AvgPool2d(2, ceil_mode=True))
run("avg_div", nn.AvgPool2d(2, divisor_override=3))
run("avg1d", nn.AvgPool1d(2, stride=1), (1, 2, 5))
run("amax", nn.AdaptiveMaxPool2d((2, 3)))

x = torch.tensor([[[[1.0, 1.0], [1.0, 0.0]]]], requires_grad=True)
out, idx = F.max_pool2d(x, 2, return_indices=True)
out.sum().backward()
print("ties", idx.tolist(), x.grad.tolist())
