# Two MLP blocks (batch 64, width 512, hidden 1024) with a print between them: the print
# is a graph break, so a compiled call runs graph 1, the print, then graph 2. The print
# writes an empty string so that timed runs stay quiet; it is still a call dynamo cannot
# put in a graph. torch-jit traces the model, which runs the print once while tracing and
# leaves it out of the traced graph (TorchScript's print takes no end=), so that mode
# gets one graph and no break: a slightly easier baseline.
import torch
import torch.nn as nn

BATCH = 64
WIDTH = 512
HIDDEN = 1024


class TwoBlocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.block1 = nn.Sequential(nn.Linear(WIDTH, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, WIDTH))
        self.block2 = nn.Sequential(nn.Linear(WIDTH, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, WIDTH))

    def forward(self, x):
        h = torch.relu(self.block1(x)) + x
        print("", end="")
        return self.block2(h) + h


def make_model():
    return TwoBlocks()


def make_inputs():
    return (torch.randn(BATCH, WIDTH),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("graph_break", make_model, make_inputs, batch=BATCH,
              flops=2 * 2 * 2 * BATCH * WIDTH * HIDDEN,
              graphs=2, breaks=1)
