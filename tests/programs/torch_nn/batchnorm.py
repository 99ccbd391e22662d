# nn.BatchNorm1d/2d/3d and F.batch_norm: training normalises with the batch's biased
# variance and updates the running statistics in place with the unbiased one; eval mode
# uses them; momentum=None averages cumulatively; buffers, state_dict, reprs and errors.
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
# Under WICK_COMPILE_ALL every function compiles: F.batch_norm meets more dtypes, ranks and
# None arguments here than the default limit of 8 compiled versions.
torch._dynamo.config.recompile_limit = 64
for m in [nn.BatchNorm1d(3), nn.BatchNorm2d(4, eps=1e-3, momentum=0.3),
          nn.BatchNorm3d(2, affine=False), nn.BatchNorm2d(3, momentum=None),
          nn.BatchNorm1d(3, track_running_stats=False)]:
    print(m)
bn = nn.BatchNorm2d(3)
print(list(bn.state_dict().keys()))
print([(k, v.dtype, tuple(v.shape)) for k, v in bn.state_dict().items()])
print([n for n, _ in bn.named_parameters()], [n for n, _ in bn.named_buffers()])
print(nn.BatchNorm1d(3, track_running_stats=False).state_dict())
print(nn.BatchNorm1d(3, affine=False).state_dict())

x = torch.randn(4, 3, 5, 2) * 2 + 1
bn.weight.copy_(torch.tensor([1.5, -0.5, 2.0]))
bn.bias.copy_(torch.tensor([0.1, 0.2, -0.3]))
y = bn(x)
print(y[0])
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
y = bn(x * 0.5 - 1)
print(y[1, 2])
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(x)[2])
print(bn.running_mean, bn.num_batches_tracked)
bn.train()

# (N, C) and (N, C, L) inputs, float64, cumulative averages.
b1 = nn.BatchNorm1d(3, momentum=None)
for i in range(3):
    b1(torch.randn(6, 3) + i)
    print(b1.running_mean, b1.running_var, b1.num_batches_tracked)
b1.eval()
print(b1(torch.randn(2, 3, 4)))
b3 = nn.BatchNorm3d(2).double()
print(b3(torch.randn(2, 2, 2, 2, 3, dtype=torch.float64))[1, 0])
print(b3.running_var, b3.running_var.dtype)
nt = nn.BatchNorm1d(3, track_running_stats=False)
nt.eval()
print(nt(torch.randn(5, 3)))

# F.batch_norm directly.
rm, rv = torch.zeros(3), torch.ones(3)
z = torch.randn(8, 3)
print(F.batch_norm(z, rm, rv, training=True, momentum=0.5))
print(rm, rv)
print(F.batch_norm(z, rm, rv, torch.ones(3) * 2, torch.zeros(3)))
print(F.batch_norm(z, None, None, training=True))
print(torch.batch_norm(z, None, None, rm, rv, False, 0.1, 1e-5, False))

# A channels-last input (NHWC memory) keeps its layout, as in PyTorch.
cl = (torch.randn(2, 3, 4, 3) * 2).permute(0, 3, 1, 2)
bcl = nn.BatchNorm2d(3)
ycl = bcl(cl)
print(ycl.stride(), ycl[1, :, 0], bcl.running_mean, bcl.running_var)
bcl.eval()
print(bcl(cl).stride(), bcl(cl)[0, 2])
print(nn.BatchNorm1d(4)(torch.randn(3, 5, 4).transpose(1, 2)).stride())

# reset, load_state_dict
b2 = nn.BatchNorm2d(3)
b2.load_state_dict(bn.state_dict())
print(b2.running_mean, b2.num_batches_tracked)
b2.reset_running_stats()
print(b2.running_mean, b2.running_var, b2.num_batches_tracked)
sd = bn.state_dict()
del sd["num_batches_tracked"]
attempt(lambda: b2.load_state_dict(sd))
print(b2.load_state_dict(sd, strict=False), b2.num_batches_tracked)

x3 = torch.randn(4, 3, 5)
attempt(lambda: F.batch_norm(x3, torch.zeros(4), torch.ones(3)))
attempt(lambda: F.batch_norm(x3, torch.zeros(3), torch.ones(4)))
attempt(lambda: F.batch_norm(x3, torch.zeros(3), torch.ones(3), weight=torch.ones(2)))
attempt(lambda: F.batch_norm(x3, torch.zeros(3), torch.ones(3), bias=torch.ones(2)))
attempt(lambda: F.batch_norm(x3, None, None, training=False))
attempt(lambda: F.batch_norm(x3, torch.zeros(3), None, training=False))
attempt(lambda: F.batch_norm(torch.randn(1, 3), None, None, training=True))
attempt(lambda: F.batch_norm(torch.randn(3), None, None, training=True))
attempt(lambda: F.batch_norm(torch.ones(2, 3, dtype=torch.long), None, None, training=True))
attempt(lambda: F.batch_norm(x3.double(), torch.zeros(3), torch.ones(3)))
attempt(lambda: F.batch_norm(x3, torch.zeros(3).double(), torch.ones(3).double()))
attempt(lambda: nn.BatchNorm2d(3)(x3))
attempt(lambda: nn.BatchNorm1d(3)(torch.randn(2, 3, 4, 5)))
attempt(lambda: nn.BatchNorm3d(3)(x3))
attempt(lambda: nn.BatchNorm1d(3)(torch.randn(1, 3)))
attempt(lambda: nn.BatchNorm1d(4)(torch.randn(2, 3)))
