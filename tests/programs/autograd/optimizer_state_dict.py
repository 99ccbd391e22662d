# Optimizer state_dict round trips mid-training: saving Adam / SGD-momentum / RMSprop
# state after a few steps, loading it into a fresh optimizer over a copied model, and
# continuing gives exactly the same trajectory; the state_dict's structure; a scheduler's
# state_dict round trip too.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64

X = torch.randn(10, 4, dtype=torch.float64)
Y = torch.randn(10, 2, dtype=torch.float64)


def step(m, opt):
    opt.zero_grad()
    loss = F.mse_loss(m(X), Y)
    loss.backward()
    opt.step()
    return round(loss.item(), 6)


for name, cls, kw in (("adam", torch.optim.Adam, {"lr": 0.05, "amsgrad": True}),
                      ("sgd", torch.optim.SGD, {"lr": 0.1, "momentum": 0.9}),
                      ("rmsprop", torch.optim.RMSprop, {"lr": 0.01, "centered": True})):
    torch.manual_seed(45)
    m = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2)).double()
    opt = cls(m.parameters(), **kw)
    first = [step(m, opt) for _ in range(3)]
    sd = copy.deepcopy(opt.state_dict())
    m2 = copy.deepcopy(m)
    opt2 = cls(m2.parameters(), **kw)
    opt2.load_state_dict(sd)
    cont1 = [step(m, opt) for _ in range(3)]
    cont2 = [step(m2, opt2) for _ in range(3)]
    print(name, first, cont1, cont1 == cont2)
    print("  params equal", all(torch.equal(a, b) for a, b in zip(m.parameters(),
                                                                  m2.parameters())))
    print("  keys", sorted(sd.keys()), sorted(sd["state"].keys()),
          sorted(sd["state"][0].keys()))
    print("  groups", sd["param_groups"][0]["params"], sd["param_groups"][0]["lr"])

torch.manual_seed(46)
m = nn.Linear(4, 2).double()
opt = torch.optim.SGD(m.parameters(), lr=1.0)
sched = torch.optim.lr_scheduler.StepLR(opt, 2, gamma=0.5)
for _ in range(3):
    step(m, opt)
    sched.step()
ssd = sched.state_dict()
opt2 = torch.optim.SGD(m.parameters(), lr=1.0)
opt2.load_state_dict(opt.state_dict())
sched2 = torch.optim.lr_scheduler.StepLR(opt2, 2, gamma=0.5)
sched2.load_state_dict(ssd)
for _ in range(3):
    sched.step()
    sched2.step()
print("sched", ssd["last_epoch"], opt.param_groups[0]["lr"], opt2.param_groups[0]["lr"])
