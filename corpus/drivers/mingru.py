# lucidrains/minGRU-pytorch (minGRU.py, minLSTM.py): the log-space parallel scan against
# the step-by-step sequential path, with a carried hidden state, eagerly and compiled.
# Backward is left to the autograd issue (M16).
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
