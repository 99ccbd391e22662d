# SequentialLR, ChainedScheduler, CosineAnnealingWarmRestarts, PolynomialLR, and
# scheduler.step(epoch) with a schedule's closed form.
import warnings

import torch

sched_opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
warnings.simplefilter("ignore")
s1 = torch.optim.lr_scheduler.ConstantLR(sched_opt, factor=0.1, total_iters=2)
s2 = torch.optim.lr_scheduler.ExponentialLR(sched_opt, gamma=0.9)
s = torch.optim.lr_scheduler.SequentialLR(sched_opt, schedulers=[s1, s2], milestones=[2])
lrs = []
for i in range(6):
    lrs.append(round(sched_opt.param_groups[0]["lr"], 6)); sched_opt.step(); s.step()
print(lrs)
opt2 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
c = torch.optim.lr_scheduler.ChainedScheduler([torch.optim.lr_scheduler.ConstantLR(opt2, factor=0.1, total_iters=2), torch.optim.lr_scheduler.ExponentialLR(opt2, gamma=0.9)])
lrs = []
for i in range(5):
    lrs.append(round(opt2.param_groups[0]["lr"], 6)); opt2.step(); c.step()
print(lrs)
opt3 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.5)
w = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt3, T_0=3, T_mult=2, eta_min=0.01)
lrs = []
for i in range(10):
    lrs.append(round(opt3.param_groups[0]["lr"], 6)); opt3.step(); w.step()
print(lrs)
opt4 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.5)
p = torch.optim.lr_scheduler.PolynomialLR(opt4, total_iters=4, power=2.0)
lrs = []
for i in range(6):
    lrs.append(round(opt4.param_groups[0]["lr"], 6)); opt4.step(); p.step()
print(lrs, p.get_last_lr())
st = torch.optim.lr_scheduler.StepLR(opt4, 2, gamma=0.5)
st.step(5)
print(opt4.param_groups[0]["lr"])
