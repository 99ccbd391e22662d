# Adam and AdamW over several steps: amsgrad, weight
# decay (L2 vs decoupled), maximize, betas, per-group hyper-parameters, and the state
# each optimizer keeps.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e5) / 1e5 + 0.0).tolist()


X = torch.randn(12, 3, dtype=torch.float64)
Y = (X[:, :1] * 2 - X[:, 1:2]).tanh()


def train(name, make_opt, steps=5):
    torch.manual_seed(42)
    m = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 1)).double()
    opt = make_opt(m)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(m(X), Y)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 6))
    print(name, losses)
    print("  ", r(m[2].bias), r(m[2].weight[0, :3]))
    st = opt.state[m[2].bias]
    print("  state", sorted(st.keys()))
    return m, opt


train("adam", lambda m: torch.optim.Adam(m.parameters(), lr=0.05))
train("adam_amsgrad", lambda m: torch.optim.Adam(m.parameters(), lr=0.05, amsgrad=True))
train("adam_l2", lambda m: torch.optim.Adam(m.parameters(), lr=0.05, weight_decay=0.5))
train("adam_betas", lambda m: torch.optim.Adam(m.parameters(), lr=0.02, betas=(0.5, 0.9),
                                               eps=1e-3))
train("adam_max", lambda m: torch.optim.Adam(m.parameters(), lr=0.01, maximize=True))
train("adamw", lambda m: torch.optim.AdamW(m.parameters(), lr=0.05, weight_decay=0.5))
train("adamw_amsgrad", lambda m: torch.optim.AdamW(m.parameters(), lr=0.05, amsgrad=True))
train("adam_groups", lambda m: torch.optim.Adam(
    [{"params": m[0].parameters()}, {"params": m[2].parameters(), "lr": 0.1,
                                     "betas": (0.8, 0.99)}], lr=0.01))
