# alxndrTL/mamba.py (mambapy/mamba.py, pscan.py): a tiny Mamba with the parallel
# (Blelloch) scan, the sequential scan, the recurrent step() with caches, and the raw
# pscan against a Python recurrence. Backward is left to the autograd issue (M16).
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
