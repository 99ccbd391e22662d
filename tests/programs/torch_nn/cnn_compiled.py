# A small CNN (conv, depthwise conv, pooling, padding, transposed conv) under
# torch.compile: the compiled results equal eager ones, and recompiles on new shapes.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.dw = nn.Conv2d(8, 8, 3, padding=1, groups=8, padding_mode="reflect")
        self.pw = nn.Conv2d(8, 16, 1)
        self.pool = nn.MaxPool2d(2, ceil_mode=True)
        self.up = nn.ConvTranspose2d(16, 8, 2, stride=2)
        self.head = nn.Conv1d(8, 4, 3, padding="same")
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 5)

    def forward(self, x):
        x = F.relu(self.stem(x))
        x = F.relu(self.pw(self.dw(x)))
        skip = self.pool(x)
        y = self.up(skip)
        y = F.pad(y, (0, 1, 0, 1), mode="replicate")
        z = self.head(y.mean(2))
        pooled = self.gap(skip).flatten(1)
        a = F.avg_pool2d(skip, 3, stride=1, padding=1, count_include_pad=False)
        return self.fc(pooled) + z.sum() + a.amax(), z


net = Net().eval()
print(net)
compiled = torch.compile(net)
with torch.no_grad():
    for shape in [(2, 3, 16, 16), (2, 3, 16, 16), (1, 3, 20, 12)]:
        x = torch.randn(shape)
        e_out, e_z = net(x)
        c_out, c_z = compiled(x)
        print(shape, tuple(c_out.shape), tuple(c_z.shape))
        print(torch.allclose(e_out, c_out, atol=1e-5), torch.allclose(e_z, c_z, atol=1e-5))
        print([round(v, 4) for v in c_out[0].tolist()])


@torch.compile
def block(x, w, b):
    y = F.conv2d(x, w, b, padding=1)
    y = F.max_pool2d(F.relu(y), 2)
    return F.adaptive_max_pool2d(y, (2, 2)) * 2.0


with torch.no_grad():
    x = torch.randn(1, 2, 8, 8)
    w = torch.randn(3, 2, 3, 3)
    b = torch.randn(3)
    r = block(x, w, b)
    print(r)
    print(torch.allclose(r, F.adaptive_max_pool2d(F.max_pool2d(F.relu(
        F.conv2d(x, w, b, padding=1)), 2), (2, 2)) * 2.0))
