# A 3-layer MLP (Linear-ReLU-Linear-ReLU-Linear), batch 64, width 1024: three 64x1024x1024
# matmuls with bias and ReLU epilogues.
import torch
import torch.nn as nn

BATCH = 64
WIDTH = 1024


# The model's own forward, not a bare nn.Sequential: wick does not trace a torch.compile'd
# module whose forward is one of its built-in nn modules (see README.md, "Known problems").
class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(WIDTH, WIDTH), nn.ReLU(), nn.Linear(WIDTH, WIDTH),
                                    nn.ReLU(), nn.Linear(WIDTH, WIDTH))

    def forward(self, x):
        return self.layers(x)


def make_model():
    return Mlp()


def make_inputs():
    return (torch.randn(BATCH, WIDTH),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("mlp", make_model, make_inputs, batch=BATCH, flops=3 * 2 * BATCH * WIDTH * WIDTH)
