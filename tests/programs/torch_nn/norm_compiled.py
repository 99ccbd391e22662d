# torch.compile over the normalization and resampling layers gives the eager results, in
# training mode too: BatchNorm's running statistics and num_batches_tracked are updated
# by the compiled code exactly as eager code updates them, with no graph break (a break
# raises under error_on_graph_break(True)).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_grad_enabled(False)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm2d(4)
        self.gn = nn.GroupNorm(2, 4)
        self.inorm = nn.InstanceNorm2d(4, affine=True)
        self.lrn = nn.LocalResponseNorm(3)
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.shuffle = nn.PixelShuffle(2)
        self.flat = nn.Flatten()

    def forward(self, x):
        y = self.bn(x).relu()
        y = self.gn(y) + self.inorm(x)
        y = self.lrn(y)
        y = self.up(y)
        z = F.interpolate(y, size=(5, 7), mode="nearest") + F.interpolate(y, scale_factor=0.5, mode="bicubic")[..., :5, :7].sum()
        u = F.fold(F.unfold(y, 2, stride=2), y.shape[-2:], 2, stride=2)
        return self.flat(self.shuffle(y)), z, u


def make():
    torch.manual_seed(1)
    m = Block()
    m.bn.weight.copy_(torch.randn(4))
    m.bn.bias.copy_(torch.randn(4))
    m.gn.weight.copy_(torch.randn(4))
    return m


eager = make()
compiled_model = make()
compiled = torch.compile(compiled_model)
for step in range(3):
    x = torch.randn(2, 4, 6, 6) * (step + 1)
    outs_e = eager(x)
    with torch._dynamo.error_on_graph_break(True):
        outs_c = compiled(x)
    print(step, [torch.equal(a, b) for a, b in zip(outs_e, outs_c)], outs_c[0][0, :4])
    print(compiled_model.bn.running_mean, compiled_model.bn.running_var,
          compiled_model.bn.num_batches_tracked)
    print(torch.equal(eager.bn.running_mean, compiled_model.bn.running_mean),
          torch.equal(eager.bn.running_var, compiled_model.bn.running_var))
eager.eval()
compiled_model.eval()
x = torch.randn(2, 4, 6, 6)
with torch._dynamo.error_on_graph_break(True):
    outs_c = compiled(x)
print([torch.equal(a, b) for a, b in zip(eager(x), outs_c)])
print(compiled_model.bn.num_batches_tracked)


@torch.compile
def bn1d(x, rm, rv, w):
    return F.batch_norm(x, rm, rv, w, None, True, 0.25), rm.clone()


rm, rv = torch.zeros(3), torch.ones(3)
for i in range(2):
    with torch._dynamo.error_on_graph_break(True):
        out, seen = bn1d(torch.randn(5, 3) + i, rm, rv, torch.ones(3) * 2)
    print(out[:2], seen, rm, rv)
