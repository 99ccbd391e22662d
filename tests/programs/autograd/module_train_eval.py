# A model with BatchNorm and Dropout trained a few steps in train() mode, then its
# gradients in eval() mode (running statistics, dropout off) for the same input, with
# Module.zero_grad, named_parameters gradients and parameters left without .grad.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.bn = nn.BatchNorm1d(8)
        self.drop = nn.Dropout(0.25)
        self.fc2 = nn.Linear(8, 3)
        self.unused = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc2(self.drop(F.relu(self.bn(self.fc1(x)))))


torch.manual_seed(61)
net = Net().double()
X = torch.randn(12, 4, dtype=torch.float64)
T = torch.randint(0, 3, (12,))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.5)
net.train()
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(net(X), T)
    loss.backward()
    opt.step()
    print("train", step, round(loss.item(), 6))
print("running", r(net.bn.running_mean[:4]), net.bn.num_batches_tracked.item())

net.eval()
net.zero_grad()
x = X[:3].clone().requires_grad_()
out = net(x)
out.sum().backward()
print("eval out", r(out))
print("eval x.grad", r(x.grad))
for name, p in net.named_parameters():
    print(" ", name, None if p.grad is None else round(float(p.grad.sum()), 5) + 0.0)
print("train flags", net.training, net.bn.training, net.drop.training)
