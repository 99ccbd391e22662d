# SGD over several steps with momentum, dampening, nesterov, weight_decay and maximize,
# two param groups with their own lr/momentum, add_param_group mid-training and
# zero_grad(set_to_none) semantics; parameters printed after each run.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e5) / 1e5 + 0.0).tolist()


X = torch.randn(10, 3, dtype=torch.float64)
Y = torch.randn(10, 1, dtype=torch.float64)


def model():
    torch.manual_seed(41)
    return nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1)).double()


def train(name, make_opt, steps=4):
    m = model()
    opt = make_opt(m)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(m(X), Y)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 6))
    print(name, losses)
    print("  ", r(m[2].weight), r(m[2].bias))
    return m, opt


train("plain", lambda m: torch.optim.SGD(m.parameters(), lr=0.1))
train("momentum", lambda m: torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9))
train("dampening", lambda m: torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9,
                                             dampening=0.5))
train("nesterov", lambda m: torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.8,
                                            nesterov=True))
train("wd", lambda m: torch.optim.SGD(m.parameters(), lr=0.1, weight_decay=0.1))
train("maximize", lambda m: torch.optim.SGD(m.parameters(), lr=0.01, maximize=True))
m, opt = train("groups", lambda m: torch.optim.SGD(
    [{"params": m[0].parameters(), "lr": 0.05},
     {"params": m[2].parameters(), "momentum": 0.5}], lr=0.2, momentum=0.9))
print("  groups", [(g["lr"], g["momentum"], len(g["params"])) for g in opt.param_groups])

m = model()
opt = torch.optim.SGD(m[0].parameters(), lr=0.1, momentum=0.9)
for step in range(4):
    if step == 2:
        opt.add_param_group({"params": m[2].parameters(), "lr": 0.3})
    opt.zero_grad(set_to_none=(step % 2 == 0))
    loss = F.mse_loss(m(X), Y)
    loss.backward()
    opt.step()
    print("add_group step", step, round(loss.item(), 6), len(opt.state))
print("  ", r(m[2].bias), r(m[0].bias))
