# lucidrains/minGRU-pytorch (minGRU.py, minLSTM.py): the log-space parallel scan against
# the step-by-step sequential path, with a carried hidden state, eagerly and compiled.
# Training (M16): Adam steps behind TRAIN_LOGCUMSUMEXP (off: a wick failure).
import corpus_util as cu

cu.setup()

import torch
from minGRU_pytorch import minGRU
from minGRU_pytorch.minLSTM import minLSTM


def check(name, m, x, chunk_equal):
    out, last = m(x, return_next_prev_hidden=True)
    cu.show(name + " parallel", out)
    cu.show(name + " last hidden", last)
    h = None
    steps = []
    for t in range(x.shape[1]):
        o, h = m(x[:, t:t + 1], prev_hidden=h, return_next_prev_hidden=True)
        steps.append(o)
    seq = torch.cat(steps, dim=1)
    cu.diff(name + " sequential vs parallel", seq, out)
    cu.diff(name + " sequential hidden", h, last)
    first, h6 = m(x[:, :6], return_next_prev_hidden=True)
    rest = m(x[:, 6:], prev_hidden=h6)
    if chunk_equal:
        cu.diff(name + " chunked vs parallel", torch.cat((first, rest), dim=1), out)
    else:
        # Upstream applies log_g to prev_hidden again, so chunks differ (about 0.26).
        cu.show(name + " chunked continuation", rest)

    cm = cu.compiled(m)
    cout, clast = cm(x, return_next_prev_hidden=True)
    cu.diff(name + " compiled parallel", cout, out)
    cu.diff(name + " compiled last hidden", clast, last)
    h = None
    csteps = []
    for t in range(x.shape[1]):
        o, h = cm(x[:, t:t + 1], prev_hidden=h, return_next_prev_hidden=True)
        csteps.append(o)
    cu.diff(name + " compiled sequential", torch.cat(csteps, dim=1), seq)


torch.manual_seed(0)
x = torch.randn(2, 10, 16)
with torch.no_grad():
    check("minGRU", minGRU(16, expansion_factor=1.5), x, True)
    check("minLSTM", minLSTM(16, expansion_factor=1.5), x, False)
    # expansion_factor 1: no output projection (Identity).
    check("minGRU identity", minGRU(16), x, True)

# Training: 3 Adam steps of an MSE loss against a fixed random target, through the
# log-space parallel scan, eagerly and with the compiled forward.
# wick: "RuntimeError: derivative for aten::logcumsumexp is not implemented" (both
# models' parallel scans use torch.logcumsumexp); set True once it has a derivative.
TRAIN_LOGCUMSUMEXP = True
torch.manual_seed(2)
target = torch.randn(2, 10, 16)
for name, ctor in (("minGRU", minGRU), ("minLSTM", minLSTM)) if TRAIN_LOGCUMSUMEXP else ():
    torch.manual_seed(3)
    m = ctor(16, expansion_factor=1.5)
    cu.train_both(name + " train", m, lambda ps: torch.optim.Adam(ps, lr=1e-3),
                  lambda fwd, step: torch.nn.functional.mse_loss(fwd(x), target),
                  grad="to_hidden_and_gate.weight" if name == "minGRU" else
                  "to_hidden_and_f_i_gate.weight")
