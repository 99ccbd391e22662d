# alxndrTL/mamba.py (mambapy/mamba.py, pscan.py): a tiny Mamba with the parallel
# (Blelloch) scan, the sequential scan, the recurrent step() with caches, and the raw
# pscan against a Python recurrence. Training (M16): backward through the raw pscan custom
# Function; the model's pscan vs sequential gradients and Adam steps behind TRAIN_CONV1D
# (off: a wick failure).
import corpus_util as cu

cu.setup()

import torch
from mambapy.mamba import Mamba, MambaConfig
from mambapy.pscan import pscan

torch.manual_seed(0)
config = MambaConfig(d_model=32, n_layers=2, d_state=8, d_conv=4, inner_layernorms=True)
print("config d_inner", config.d_inner, "dt_rank", config.dt_rank, "pscan", config.pscan)
model = Mamba(config)
print("params", sum(p.numel() for p in model.parameters()))
x = torch.randn(2, 12, 32)

with torch.no_grad():
    y = model(x)  # L=12 pads to 16 inside pscan
    cu.show("pscan out", y)

    config.pscan = False
    y_seq = model(x)
    cu.diff("sequential vs pscan", y_seq, y)
    config.pscan = True

    caches = [(None, torch.zeros(2, config.d_inner, config.d_conv - 1)) for _ in range(config.n_layers)]
    outs = []
    for t in range(12):
        o, caches = model.step(x[:, t], caches)
        outs.append(o)
    y_step = torch.stack(outs, dim=1)
    cu.diff("step vs pscan", y_step, y)
    cu.show("last state", caches[1][0])

    A = torch.rand(2, 12, 6, 4)
    X = torch.randn(2, 12, 6, 4)
    H = pscan(A, X)
    h = torch.zeros(2, 6, 4)
    ref = []
    for t in range(12):
        h = A[:, t] * h + X[:, t]
        ref.append(h)
    cu.diff("pscan vs recurrence", H, torch.stack(ref, dim=1))
    H16 = pscan(A[:, :8], X[:, :8])  # a power of two: no padding
    cu.diff("pscan L=8", H16, H[:, :8])

    cmodel = cu.compiled(model)
    cu.diff("compiled pscan", cmodel(x), y)
    config.pscan = False
    cu.diff("compiled sequential", cmodel(x), y_seq)
    config.pscan = True
    cstep = cu.compiled(model.step)
    caches = [(None, torch.zeros(2, config.d_inner, config.d_conv - 1)) for _ in range(config.n_layers)]
    outs = []
    for t in range(12):
        o, caches = cstep(x[:, t], caches)
        outs.append(o)
    cu.diff("compiled step", torch.stack(outs, dim=1), y_step)

# Backward through the raw pscan custom autograd.Function against the Python recurrence.
torch.manual_seed(3)
Ag = torch.rand(2, 12, 6, 4).requires_grad_(True)
Xg = torch.randn(2, 12, 6, 4).requires_grad_(True)
W = torch.randn(2, 12, 6, 4)
(pscan(Ag, Xg) * W).sum().backward()
gA, gX = Ag.grad.clone(), Xg.grad.clone()
cu.show("pscan grad A", gA)
cu.show("pscan grad X", gX)
Ag.grad = None
Xg.grad = None
h = torch.zeros(2, 6, 4)
ref = []
for t in range(12):
    h = Ag[:, t] * h + Xg[:, t]
    ref.append(h)
(torch.stack(ref, dim=1) * W).sum().backward()
cu.diff("recurrence vs pscan grad A", Ag.grad, gA)
cu.diff("recurrence vs pscan grad X", Xg.grad, gX)
Ag.grad = None
Xg.grad = None
(cu.compiled(lambda a, b: pscan(a, b) * W)(Ag, Xg)).sum().backward()
cu.diff("compiled pscan grad A", Ag.grad, gA)
cu.diff("compiled pscan grad X", Xg.grad, gX)

# The model: backward through the pscan custom autograd.Function, compared with the
# sequential scan's gradients (input and parameters); then 3 Adam steps through the pscan,
# eagerly and with the compiled forward.
# wick: "RuntimeError: derivative for aten::conv1d is not implemented" (the depthwise
# causal Conv1d of each block); set True once conv1d has a derivative.
TRAIN_CONV1D = False
torch.manual_seed(2)
target = torch.randn(2, 12, 32)
if TRAIN_CONV1D:
    xg = x.clone().requires_grad_(True)
    torch.nn.functional.mse_loss(model(xg), target).backward()
    pscan_grads = [p.grad.clone() for p in model.parameters()]
    pscan_xgrad = xg.grad.clone()
    cu.grad_norm("pscan", model, "layers.0.mixer.in_proj.weight")
    cu.show("pscan input grad x1000", pscan_xgrad * 1000)
    model.zero_grad()
    xg.grad = None
    config.pscan = False
    torch.nn.functional.mse_loss(model(xg), target).backward()
    config.pscan = True
    print("sequential vs pscan param grads x1000 maxdiff=%s" % cu.num(
        max(cu.maxdiff(p.grad * 1000, g * 1000) for p, g in zip(model.parameters(), pscan_grads))))
    cu.diff("sequential vs pscan input grad x1000", xg.grad * 1000, pscan_xgrad * 1000)
    model.zero_grad()

    cu.train_both("train", model, lambda ps: torch.optim.Adam(ps, lr=1e-3),
                  lambda fwd, step: torch.nn.functional.mse_loss(fwd(x), target),
                  grad="layers.0.mixer.in_proj.weight")
