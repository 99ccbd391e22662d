# Learning-rate schedulers stepped once per epoch over real SGD/Adam training: StepLR,
# MultiStepLR (param groups), ExponentialLR, CosineAnnealingLR, LambdaLR (one lambda per
# group), OneCycleLR (with momentum) and LinearLR under Adam; lrs and losses.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import lr_scheduler as S

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64

X = torch.randn(8, 3, dtype=torch.float64)
Y = torch.randn(8, 1, dtype=torch.float64)


def run(name, make_sched, epochs=6, opt_cls=torch.optim.SGD, groups=False, **kw):
    torch.manual_seed(44)
    m = nn.Linear(3, 1).double()
    params = [{"params": [m.weight]}, {"params": [m.bias], "lr": 0.05}] if groups \
        else m.parameters()
    opt = opt_cls(params, lr=0.1, **kw)
    sched = make_sched(opt)
    lrs, losses = [], []
    for _ in range(epochs):
        opt.zero_grad()
        loss = F.mse_loss(m(X), Y)
        loss.backward()
        opt.step()
        sched.step()
        lrs.append([round(g["lr"], 6) for g in opt.param_groups])
        losses.append(round(loss.item(), 6))
    print(name, lrs)
    print("  ", losses, [round(v, 6) for v in sched.get_last_lr()])


run("step", lambda o: S.StepLR(o, 2, gamma=0.5))
run("multistep", lambda o: S.MultiStepLR(o, [1, 4], gamma=0.1), groups=True)
run("exp", lambda o: S.ExponentialLR(o, 0.8))
run("cosine", lambda o: S.CosineAnnealingLR(o, T_max=4, eta_min=0.01), epochs=8)
run("lambda", lambda o: S.LambdaLR(o, [lambda e: 1 / (e + 1), lambda e: 0.9 ** e]), groups=True)
run("onecycle", lambda o: S.OneCycleLR(o, max_lr=0.5, total_steps=6), momentum=0.9)
run("adam_linear", lambda o: S.LinearLR(o, 0.25, total_iters=3), epochs=5,
    opt_cls=torch.optim.Adam)
