# A stack of 4 pre-norm residual MLP blocks (x + fc2(gelu(fc1(layernorm(x))))), batch 64,
# width 512, hidden 1024.
import torch
import torch.nn as nn

BATCH = 64
WIDTH = 512
HIDDEN = 1024
BLOCKS = 4


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(WIDTH)
        self.fc1 = nn.Linear(WIDTH, HIDDEN)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(HIDDEN, WIDTH)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class ResidualMlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(BLOCKS)])

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def make_model():
    return ResidualMlp()


def make_inputs():
    return (torch.randn(BATCH, WIDTH),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("residual_mlp", make_model, make_inputs, batch=BATCH,
              flops=BLOCKS * 2 * 2 * BATCH * WIDTH * HIDDEN)
