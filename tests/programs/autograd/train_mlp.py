# A few training steps of small MLPs with SGD (momentum, nesterov, weight decay), Adam
# and AdamW: printed losses and parameters must follow PyTorch 1.13's exactly.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
# Under WICK_COMPILE_ALL every function compiles: more versions than the default 8.
torch._dynamo.config.recompile_limit = 64
x = torch.randn(16, 8)
y = torch.randint(0, 3, (16,))
target = torch.randn(16, 1)


def make():
    torch.manual_seed(1)
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.Tanh(),
                         nn.Linear(16, 3))


def train(name, opt_fn, steps=5, loss_fn="ce"):
    model = make()
    opt = opt_fn(model.parameters())
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        out = model(x)
        if loss_fn == "ce":
            loss = F.cross_entropy(out, y)
        else:
            loss = F.mse_loss(out[:, :1], target)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 5))
    print(name, losses)
    print("  last bias", [round(v, 5) for v in model[4].bias.tolist()])
    return model, opt


train("sgd", lambda p: torch.optim.SGD(p, lr=0.1))
train("sgd_momentum", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9))
train("sgd_nesterov_wd", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True,
                                                   weight_decay=1e-2))
train("adam", lambda p: torch.optim.Adam(p, lr=1e-2))
train("adam_wd_amsgrad", lambda p: torch.optim.Adam(p, lr=1e-2, weight_decay=0.1,
                                                    amsgrad=True))
model, opt = train("adamw", lambda p: torch.optim.AdamW(p, lr=1e-2), loss_fn="mse")
state = opt.state_dict()["state"]
print(sorted(state.keys()), sorted(state[0].keys()), state[0]["step"])

# zero_grad(set_to_none=True), Module.zero_grad and gradient accumulation.
model = make()
model(x).sum().backward()
g1 = model[0].weight.grad.clone()
model(x).sum().backward()
print(torch.allclose(model[0].weight.grad, 2 * g1))
model.zero_grad()
print(model[0].weight.grad.abs().sum().item())
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt.zero_grad(set_to_none=True)
print(model[0].weight.grad)

# Gradient clipping.
model = make()
F.cross_entropy(model(x), y).backward()
norm = nn.utils.clip_grad_norm_(model.parameters(), 0.5)
print(round(norm.item(), 5))
total = torch.norm(torch.stack([p.grad.norm() for p in model.parameters()]))
print(round(total.item(), 5))
nn.utils.clip_grad_value_(model.parameters(), 0.01)
print(max(p.grad.abs().max().item() for p in model.parameters()))
