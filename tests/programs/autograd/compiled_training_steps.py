# torch.compile'd training, the harder cases: a conv net with batch norm (running
# statistics updated once per step, in place), dropout (the compiled forward draws the
# same numbers as eager), a whole compiled training step (forward, loss, backward and the
# optimizer step in one compiled function, broken at backward()), both nested-break
# regimes, gradients only for inputs that require them, and retain_graph.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4 * 5 * 5, 3)
        self.drop = nn.Dropout(0.25)

    def forward(self, t):
        h = F.relu(self.bn(self.conv(t)))
        h = self.drop(h.flatten(1))
        return self.fc(h)


def same_params(m1, m2):
    return all(torch.allclose(a, b, atol=1e-5) for a, b in
               zip(list(m1.parameters()) + list(m1.buffers()),
                   list(m2.parameters()) + list(m2.buffers())))


def train(nested):
    torch._dynamo.config.nested_graph_breaks = nested
    torch._dynamo.reset()
    torch.manual_seed(3)
    x = torch.randn(6, 2, 5, 5)
    y = torch.randint(0, 3, (6,))
    eager = ConvNet()
    model = copy.deepcopy(eager)
    compiled = torch.compile(model)
    opt_e = torch.optim.SGD(eager.parameters(), lr=0.05, momentum=0.9)
    opt_c = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(3):
        losses = []
        for m, opt in ((eager, opt_e), (compiled, opt_c)):
            torch.manual_seed(10 + step)  # the same dropout masks on both sides
            opt.zero_grad()
            loss = F.cross_entropy(m(x), y)
            loss.backward()
            opt.step()
            losses.append(round(loss.item(), 4))
        print("nested" if nested else "flat", step, losses[0] == losses[1], losses[0])
    print("params and running stats equal:", same_params(eager, model))
    eager.eval()
    model.eval()
    print("eval equal:", torch.allclose(eager(x), compiled(x), atol=1e-5))


train(False)
train(True)
torch._dynamo.config.nested_graph_breaks = False


# A whole training step compiled: backward() breaks the graph, the optimizer step runs
# after it.
def step_fn(model, opt, x, y):
    opt.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss


torch.manual_seed(4)
x = torch.randn(5, 3)
y = torch.randn(5, 2)
m1 = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 2))
m2 = copy.deepcopy(m1)
o1 = torch.optim.Adam(m1.parameters(), lr=0.01)
o2 = torch.optim.Adam(m2.parameters(), lr=0.01)
compiled_step = torch.compile(step_fn)
for i in range(4):
    l1 = step_fn(m1, o1, x, y)
    l2 = compiled_step(m2, o2, x, y)
    print("step", i, round(l1.item(), 5) == round(l2.item(), 5), round(l1.item(), 5))
print("params equal:", same_params(m1, m2))


# Gradients flow only to inputs that require them; a second backward needs retain_graph.
b = torch.randn(3, requires_grad=True)
c = torch.randn(3)


@torch.compile
def h(b, c):
    return (b * c).sin().sum() + c.sum()


out = h(b, c)
out.backward(retain_graph=True)
print(torch.allclose(b.grad, c * (b * c).cos()), c.grad)
out.backward()
print(torch.allclose(b.grad, 2 * c * (b * c).cos()))
try:
    out.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
