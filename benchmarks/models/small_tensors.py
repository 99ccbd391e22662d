# A tiny GRU-style cell unrolled over 16 steps on [4, 16] tensors: about 200 ops per call
# on tensors of 64 elements, so per-op overhead (dispatch, allocation, primitive lookup)
# dominates and compiling into one graph pays off most.
import torch
import torch.nn as nn

BATCH = 4
DIM = 16
STEPS = 16


class TinyGru(nn.Module):
    def __init__(self):
        super().__init__()
        self.ix = nn.Linear(DIM, 3 * DIM)
        self.hx = nn.Linear(DIM, 3 * DIM)

    def forward(self, xs, h):
        for t in range(STEPS):
            gi = self.ix(xs[t])
            gh = self.hx(h)
            i_r, i_z, i_n = gi.chunk(3, dim=1)
            h_r, h_z, h_n = gh.chunk(3, dim=1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
            h = (1 - z) * n + z * h
        return h


def make_model():
    return TinyGru()


def make_inputs():
    return (torch.randn(STEPS, BATCH, DIM), torch.zeros(BATCH, DIM))


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("small_tensors", make_model, make_inputs, batch=BATCH,
              flops=STEPS * 2 * 2 * BATCH * DIM * 3 * DIM)
