# nn.GroupNorm, nn.InstanceNorm1d/2d, nn.LocalResponseNorm and their functional forms:
# values, reprs, parameters, running statistics of instance norm, and error messages.
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
for m in [nn.GroupNorm(2, 4), nn.GroupNorm(3, 6, eps=1e-3, affine=False), nn.InstanceNorm1d(3),
          nn.InstanceNorm2d(4, affine=True, track_running_stats=True), nn.LocalResponseNorm(2),
          nn.LocalResponseNorm(3, alpha=0.01, beta=0.5, k=2.0)]:
    print(m, [n for n, _ in m.named_parameters()], list(m.state_dict().keys()))

x = torch.randn(2, 4, 3, 3) * 3 + 1
gn = nn.GroupNorm(2, 4)
gn.weight.copy_(torch.tensor([1.0, 2.0, -1.0, 0.5]))
gn.bias.copy_(torch.tensor([0.0, 0.5, 1.0, -1.0]))
print(gn(x)[1])
print(F.group_norm(x, 4)[0, 0])
print(F.group_norm(x.double(), 1).sum(dim=(1, 2, 3)))
print(nn.GroupNorm(3, 6)(torch.randn(2, 6, 5))[0])

inorm = nn.InstanceNorm1d(3)
s = torch.randn(2, 3, 6)
print(inorm(s))
print(inorm(torch.randn(3, 6)))
i2 = nn.InstanceNorm2d(4, affine=True, track_running_stats=True)
i2.weight.copy_(torch.tensor([1.0, 2.0, 3.0, 4.0]))
print(i2(x)[0, 1])
print(i2.running_mean, i2.running_var, i2.num_batches_tracked)
i2.eval()
print(i2(x)[1, 3])
print(F.instance_norm(s, use_input_stats=True)[1])

lrn = nn.LocalResponseNorm(3, alpha=0.1, beta=0.75, k=1.0)
print(lrn(x)[0, :, 0])
print(F.local_response_norm(s, 2)[1])
print(F.local_response_norm(torch.randn(1, 5, 2, 2, 2), 4, alpha=1.0)[0, :, 1, 1])

attempt(lambda: nn.GroupNorm(2, 3))
attempt(lambda: F.group_norm(torch.randn(4, 3, 5), 2))
attempt(lambda: F.group_norm(torch.randn(4, 6, 5), 2, torch.ones(3)))
attempt(lambda: F.group_norm(torch.randn(4, 6, 5), 2, None, torch.ones(3)))
attempt(lambda: F.group_norm(torch.randn(4, 6, 5), 2, torch.ones(6, 1)))
attempt(lambda: F.group_norm(torch.randn(1, 2, 1), 2))
attempt(lambda: nn.InstanceNorm1d(3)(torch.randn(3, 1)))
attempt(lambda: nn.InstanceNorm1d(3)(torch.randn(3, 4, 5, 6)))
attempt(lambda: nn.InstanceNorm2d(3)(torch.randn(3, 4)))
attempt(lambda: nn.InstanceNorm2d(3, affine=True)(torch.randn(2, 4, 5, 5)))
attempt(lambda: F.instance_norm(torch.randn(2, 4, 5), torch.zeros(3), torch.ones(3)))
attempt(lambda: F.local_response_norm(torch.randn(2, 4), 2))
