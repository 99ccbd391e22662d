# A small training loop on a synthetic regression task (y = sin(3x) + noise): an MLP
# trained with Adam and a StepLR schedule on mini-batches, printing the loss per step,
# then evaluated under no_grad; all float64 so the trajectory matches exactly.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64

N = 64
X = torch.linspace(-1, 1, N, dtype=torch.float64).unsqueeze(1)
Y = torch.sin(3 * X) + 0.05 * torch.randn(N, 1, dtype=torch.float64)
model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 16), nn.SiLU(),
                      nn.Linear(16, 1)).double()
opt = torch.optim.Adam(model.parameters(), lr=0.02)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=8, gamma=0.5)
torch.manual_seed(1)
for step in range(20):
    perm = torch.randperm(N)[:16]
    pred = model(X[perm])
    loss = F.mse_loss(pred, Y[perm])
    opt.zero_grad()
    loss.backward()
    gn = torch.norm(torch.stack([p.grad.norm() for p in model.parameters()]))
    opt.step()
    sched.step()
    print(step, round(loss.item(), 6), round(gn.item(), 5), opt.param_groups[0]["lr"])

with torch.no_grad():
    full = F.mse_loss(model(X), Y)
print("eval", round(full.item(), 6), model(X).requires_grad)
