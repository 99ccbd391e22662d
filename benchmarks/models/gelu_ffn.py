# A transformer feed-forward block: Linear(512, 2048), GELU, Linear(2048, 512) on 128
# tokens (batch 1, sequence 128).
import torch
import torch.nn as nn

BATCH = 1
SEQ = 128
D_MODEL = 512
HIDDEN = 2048


class GeluFfn(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(D_MODEL, HIDDEN)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(HIDDEN, D_MODEL)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def make_model():
    return GeluFfn()


def make_inputs():
    return (torch.randn(BATCH, SEQ, D_MODEL),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("gelu_ffn", make_model, make_inputs, batch=BATCH,
              flops=2 * 2 * BATCH * SEQ * D_MODEL * HIDDEN)
