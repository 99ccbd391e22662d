# torch.optim without autograd: parameter groups, defaults, checks, reprs, state dicts and
# schedules as PyTorch 1.13 has them; step() with no gradients updates nothing.
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 2)
p = list(model.parameters())
for opt in (torch.optim.SGD(p, lr=0.1), torch.optim.Adam(p), torch.optim.AdamW(p),
            torch.optim.RMSprop(p), torch.optim.Adagrad(p)):
    print(type(opt).__name__, opt.defaults)
print(torch.optim.SGD(p, lr=0.1, momentum=0.9))
o = torch.optim.Adam([{"params": model.weight, "lr": 0.5}, {"params": [model.bias]}], lr=0.01)
print(o.state_dict())
before = model.weight.clone()
print(o.step(), o.zero_grad(), torch.equal(before, model.weight))
for bad in (lambda: torch.optim.SGD(p, lr=-1), lambda: torch.optim.Adam(p, betas=(1.5, 0.9)),
            lambda: torch.optim.SGD(p), lambda: torch.optim.Adam([]),
            lambda: torch.optim.SGD(p, lr=0.1, nesterov=True),
            lambda: torch.optim.SGD([{"params": p}, {"params": p[:1]}], lr=0.1)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
s = torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)
for i in range(4):
    o.step()
    s.step()
    print(s.get_last_lr())
sgd = torch.optim.SGD(p, lr=1.0)
c = torch.optim.lr_scheduler.CosineAnnealingLR(sgd, T_max=3, eta_min=0.1)
m = torch.optim.lr_scheduler.MultiStepLR(torch.optim.SGD(p, lr=1.0), milestones=[1, 3], gamma=0.1)
e = torch.optim.lr_scheduler.ExponentialLR(torch.optim.SGD(p, lr=1.0), gamma=0.9)
l = torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD(p, lr=2.0), lambda ep: 1 / (ep + 1))
for i in range(7):
    for sch in (c, m, e, l):
        sch.optimizer.step()
        sch.step()
    print([sch.get_last_lr()[0] for sch in (c, m, e, l)])
