# Conv -> BatchNorm -> ReLU/ReLU6 blocks under torch.compile (the oneDNN backend folds
# eval-mode batch norm into the convolution): compiled == eager in eval mode, after the
# statistics change, and in train mode (batch statistics, running stats updated).
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.b = nn.Sequential(nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8, bias=False),
                               nn.BatchNorm2d(8), nn.ReLU6(inplace=True))
        self.c = nn.Sequential(nn.Conv2d(8, 16, 1, bias=False), nn.BatchNorm2d(16))
        self.d = nn.Conv1d(16, 4, 3)
        self.bn1 = nn.BatchNorm1d(4)

    def forward(self, x):
        y = self.c(self.b(self.a(x)))
        z = self.bn1(self.d(y.flatten(2)))
        return y.relu(), torch.relu(z)


net = Block()
with torch.no_grad():
    for m in net.modules():
        if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
            m.weight.uniform_(0.5, 1.5)
            m.bias.uniform_(-0.5, 0.5)
net.eval()
compiled = torch.compile(net)
x = torch.randn(2, 3, 16, 16)
with torch.no_grad():
    for step in range(3):
        ey, ez = net(x)
        cy, cz = compiled(x)
        print(step, tuple(cy.shape), tuple(cz.shape), torch.allclose(ey, cy, atol=1e-5),
              torch.allclose(ez, cz, atol=1e-5))
        print(round(float(cy.double().sum()), 2), round(float(cz.double().sum()), 2))
        net.a[1].running_mean.add_(0.25)  # new statistics must be seen by the next call
        net.b[1].weight.mul_(2.0)
    net.train()
    ey, ez = net(x)
    mean_after_eager = net.a[1].running_mean.clone()
    net.a[1].running_mean.copy_(mean_after_eager)
    cy, cz = compiled(x)
    print("train", torch.allclose(ey, cy, atol=1e-5), torch.allclose(ez, cz, atol=1e-5))
