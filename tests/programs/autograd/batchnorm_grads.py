# BatchNorm1d/2d gradients in training mode (batch statistics, running stats updated,
# momentum=None cumulative average), in eval mode (running stats), without affine, and
# with track_running_stats=False.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, bn, shape, steps=1):
    torch.manual_seed(5)
    bn = bn.double()
    for step in range(steps):
        x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
        out = bn(x)
        w = torch.randn(out.shape, dtype=torch.float64)
        bn.zero_grad()
        (out * w).sum().backward()
    print(name, out.grad_fn.name())
    print("  x", r(x.grad.sum(0).view(-1)[:6]))
    if bn.affine:
        print("  w", r(bn.weight.grad), "b", r(bn.bias.grad))
    if bn.track_running_stats:
        print("  rm", r(bn.running_mean), "rv", r(bn.running_var), bn.num_batches_tracked.item())


run("bn1d", nn.BatchNorm1d(3), (4, 3))
run("bn1d_3d", nn.BatchNorm1d(3), (4, 3, 2), steps=2)
run("bn2d", nn.BatchNorm2d(2), (3, 2, 2, 2), steps=3)
run("bn2d_cma", nn.BatchNorm2d(2, momentum=None), (3, 2, 2, 2), steps=3)
run("bn2d_noaffine", nn.BatchNorm2d(2, affine=False), (3, 2, 2, 2))
run("bn2d_notrack", nn.BatchNorm2d(2, track_running_stats=False), (3, 2, 2, 2))

bn = nn.BatchNorm2d(2).double()
with torch.no_grad():
    bn.running_mean.copy_(torch.tensor([0.5, -0.5]))
    bn.running_var.copy_(torch.tensor([2.0, 0.5]))
    bn.weight.copy_(torch.tensor([1.5, 0.5]))
bn.eval()
x = torch.randn(2, 2, 3, 3, dtype=torch.float64, requires_grad=True)
out = bn(x)
(out * out).sum().backward()
print("eval", out.grad_fn.name())
print("  x", r(x.grad[0, :, 0]))
print("  w", r(bn.weight.grad), "b", r(bn.bias.grad))
print("  rm", r(bn.running_mean))
