# RMSprop and Adagrad steps as PyTorch 1.13's single-tensor code computes them, their
# options, state and state_dict, and a learning-rate schedule driving them.
import torch

torch.manual_seed(0)


def run(make, steps=4):
    torch.manual_seed(1)
    w = torch.randn(3, 2, requires_grad=True)
    b = torch.zeros(2, requires_grad=True)
    opt = make([w, b])
    x = torch.randn(5, 3)
    y = torch.randn(5, 2)
    for _ in range(steps):
        opt.zero_grad()
        loss = ((x @ w + b - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(type(opt).__name__, round(loss.item(), 5),
          [round(v, 4) for v in w.flatten().tolist()], [round(v, 4) for v in b.tolist()])
    return opt


run(lambda p: torch.optim.RMSprop(p, lr=0.01))
run(lambda p: torch.optim.RMSprop(p, lr=0.01, alpha=0.9, momentum=0.5, centered=True))
opt = run(lambda p: torch.optim.RMSprop(p, lr=0.02, weight_decay=0.1, maximize=True))
st = opt.state_dict()["state"][0]
print(sorted(st), st["step"], [round(v, 5) for v in st["square_avg"].flatten().tolist()])

run(lambda p: torch.optim.Adagrad(p, lr=0.1))
opt = run(lambda p: torch.optim.Adagrad(p, lr=0.1, lr_decay=0.05, weight_decay=0.01,
                                        initial_accumulator_value=0.5))
st = opt.state_dict()["state"][1]
print(sorted(st), st["step"], [round(v, 5) for v in st["sum"].tolist()])
print(opt)

# A scheduler over RMSprop: the lr used by each step.
torch.manual_seed(2)
p = torch.nn.Parameter(torch.randn(4))
opt = torch.optim.RMSprop([p], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
for i in range(5):
    opt.zero_grad()
    (p * p).sum().backward()
    opt.step()
    sched.step()
    print(i, opt.param_groups[0]["lr"], [round(v, 4) for v in p.tolist()])

for bad in (lambda: torch.optim.RMSprop([p], lr=-1), lambda: torch.optim.RMSprop([p], alpha=-1),
            lambda: torch.optim.Adagrad([p], lr_decay=-1), lambda: torch.optim.Adagrad([p], eps=-1)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
print(torch.ones(2).is_sparse, torch.ones(2).is_quantized)
