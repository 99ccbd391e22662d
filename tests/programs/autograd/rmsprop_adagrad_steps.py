# RMSprop (centered, momentum, weight decay, alpha) and Adagrad (lr_decay, initial
# accumulator, weight decay) driving a small classifier for several steps, with param
# groups and the optimizer's step counts.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e5) / 1e5 + 0.0).tolist()


X = torch.randn(16, 4, dtype=torch.float64)
T = torch.randint(0, 3, (16,))


def train(name, make_opt, steps=5):
    torch.manual_seed(43)
    m = nn.Sequential(nn.Linear(4, 6), nn.GELU(), nn.Linear(6, 3)).double()
    opt = make_opt(m)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(m(X), T)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 6))
    print(name, losses)
    print("  ", r(m[2].bias))
    st = opt.state[m[2].bias]
    print("  state", sorted(st.keys()), float(st["step"]))


train("rmsprop", lambda m: torch.optim.RMSprop(m.parameters(), lr=0.01))
train("rmsprop_centered", lambda m: torch.optim.RMSprop(m.parameters(), lr=0.01, centered=True))
train("rmsprop_mom", lambda m: torch.optim.RMSprop(m.parameters(), lr=0.01, momentum=0.9,
                                                   alpha=0.9, weight_decay=0.01))
train("rmsprop_all", lambda m: torch.optim.RMSprop(m.parameters(), lr=0.005, momentum=0.5,
                                                   centered=True, eps=1e-4))
train("adagrad", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.1))
train("adagrad_decay", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.1, lr_decay=0.1,
                                                     initial_accumulator_value=0.5,
                                                     weight_decay=0.05))
train("groups", lambda m: torch.optim.RMSprop(
    [{"params": m[0].parameters(), "centered": True}, {"params": m[2].parameters(),
                                                       "lr": 0.05}], lr=0.01))
