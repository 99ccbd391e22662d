# A small conv net (conv2d with and without groups, max and average pooling, batch norm,
# ReLU, linear head) trained a few SGD steps: losses and gradients as PyTorch 1.13's.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=2)
        self.fc = nn.Linear(8 * 2 * 2, 5)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.bn(self.c1(x))), 2)
        x = F.avg_pool2d(F.relu(self.c2(x)), 2)
        return self.fc(x.flatten(1))


model = Net()
x = torch.randn(4, 3, 16, 16)
y = torch.randint(0, 5, (4,))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
for name, p in model.named_parameters():
    print(name, round(p.grad.abs().sum().item(), 4))
print(round(model.bn.running_mean.sum().item(), 5))

w = torch.randn(4, 3, 3, 3, dtype=torch.float64, requires_grad=True)
inp = torch.randn(2, 3, 7, 7, dtype=torch.float64, requires_grad=True)
out = F.conv2d(inp, w, stride=2, padding=1, dilation=1)
print(out.grad_fn.name())
(out * out).sum().backward()
print(round(inp.grad.sum().item(), 6), round(w.grad.sum().item(), 6))
p = F.max_pool2d(inp, 3, 2)
print(p.grad_fn.name())
inp.grad = None
p.sum().backward()
print(inp.grad.sum().item())
