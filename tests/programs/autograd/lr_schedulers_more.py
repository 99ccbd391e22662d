# MultiplicativeLR, ConstantLR, LinearLR, OneCycleLR (lr and momentum, SGD and Adam's
# betas, three_phase) and ReduceLROnPlateau as PyTorch 1.13 computes them, over real
# optimizer steps.
import torch


def run(make_opt, make_sched, steps, metric=None):
    torch.manual_seed(0)
    p = torch.nn.Parameter(torch.randn(3))
    opt = make_opt([p])
    sched = make_sched(opt)
    lrs = []
    for i in range(steps):
        opt.zero_grad()
        (p * p).sum().backward()
        opt.step()
        if metric is None:
            sched.step()
        else:
            sched.step(metric[i])
        g = opt.param_groups[0]
        lrs.append(round(g["lr"], 8))
    print(type(sched).__name__, lrs)
    return opt


sgd = lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9)
run(sgd, lambda o: torch.optim.lr_scheduler.MultiplicativeLR(o, lambda e: 0.9), 4)
run(sgd, lambda o: torch.optim.lr_scheduler.ConstantLR(o, factor=0.5, total_iters=3), 5)
run(sgd, lambda o: torch.optim.lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=4), 6)
run(sgd, lambda o: torch.optim.lr_scheduler.LinearLR(o, 1.0, 0.5, total_iters=3), 5)
opt = run(sgd, lambda o: torch.optim.lr_scheduler.OneCycleLR(o, max_lr=1.0, total_steps=10), 9)
print("momentum", round(opt.param_groups[0]["momentum"], 6))
opt = run(lambda ps: torch.optim.Adam(ps, lr=0.01),
          lambda o: torch.optim.lr_scheduler.OneCycleLR(o, max_lr=0.1, epochs=2,
                                                        steps_per_epoch=4,
                                                        anneal_strategy="linear",
                                                        three_phase=True), 7)
print("betas", tuple(round(b, 6) for b in opt.param_groups[0]["betas"]))
metric = [1.0, 0.9, 0.95, 0.95, 0.95, 0.95, 0.8, 0.85, 0.85, 0.85]
run(sgd, lambda o: torch.optim.lr_scheduler.ReduceLROnPlateau(o, patience=2, cooldown=1),
    10, torch.tensor(metric))
run(sgd, lambda o: torch.optim.lr_scheduler.ReduceLROnPlateau(o, mode="max", factor=0.5,
                                                              patience=0, min_lr=0.03),
    6, [1.0, 0.5, 0.5, 2.0, 1.0, 1.0])
for bad in (lambda o: torch.optim.lr_scheduler.LinearLR(o, start_factor=2.0),
            lambda o: torch.optim.lr_scheduler.OneCycleLR(o, max_lr=1.0),
            lambda o: torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=1.0),
            lambda o: torch.optim.lr_scheduler.ReduceLROnPlateau(o, mode="avg")):
    try:
        bad(sgd([torch.nn.Parameter(torch.ones(1))]))
    except ValueError as e:
        print("ValueError:", e)
