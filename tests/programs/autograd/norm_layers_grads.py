# Gradients of LayerNorm (several normalized dims, no affine), GroupNorm (groups, no
# affine), InstanceNorm1d/2d (affine, running stats) and F.normalize / F.local_response_norm.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, mod, shape):
    torch.manual_seed(6)
    mod = mod.double()
    x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    with torch.no_grad():
        for p in mod.parameters():
            p.add_(torch.randn(p.shape, dtype=torch.float64) * 0.1)
    out = mod(x)
    w = torch.randn(out.shape, dtype=torch.float64)
    (out * w).sum().backward()
    print(name, out.grad_fn.name())
    print("  x", r(x.grad.reshape(-1)[:8]))
    for pname, p in mod.named_parameters():
        print("  " + pname, r(p.grad.reshape(-1)))


run("ln_last", nn.LayerNorm(4), (2, 3, 4))
run("ln_two", nn.LayerNorm((3, 4)), (2, 3, 4))
run("ln_noaffine", nn.LayerNorm(4, elementwise_affine=False, eps=1e-3), (3, 4))
run("gn", nn.GroupNorm(2, 4), (2, 4, 3))
run("gn_one", nn.GroupNorm(1, 4), (2, 4, 2, 2))
run("gn_noaffine", nn.GroupNorm(4, 4, affine=False), (2, 4, 3))
run("in1d", nn.InstanceNorm1d(3, affine=True), (2, 3, 5))
run("in2d", nn.InstanceNorm2d(2), (2, 2, 3, 3))
in2 = nn.InstanceNorm2d(2, track_running_stats=True)
run("in2d_track", in2, (2, 2, 3, 3))
print("  rm", r(in2.running_mean), "rv", r(in2.running_var))

x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
F.normalize(x, p=2, dim=1).mul(torch.arange(4.0, dtype=torch.float64)).sum().backward()
print("normalize", r(x.grad))
x = torch.randn(1, 4, 3, dtype=torch.float64, requires_grad=True)
F.local_response_norm(x, 2).sum().backward()
print("lrn", r(x.grad[0]))
