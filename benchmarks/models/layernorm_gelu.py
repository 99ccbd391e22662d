# LayerNorm followed by GELU on BERT-base-sized activations (batch 32, seq 128, hidden
# 768): a normalization with a pointwise epilogue, memory-bound.
import torch
import torch.nn as nn

BATCH = 32
SEQ = 128
HIDDEN = 768


class LayerNormGelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(HIDDEN)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.norm(x))


def make_model():
    model = LayerNormGelu()
    # Non-trivial affine parameters, so that a wrong weight or bias would show.
    model.norm.weight.data = torch.rand(HIDDEN) + 0.5
    model.norm.bias.data = torch.randn(HIDDEN) * 0.1
    return model


def make_inputs():
    return (torch.randn(BATCH, SEQ, HIDDEN),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("layernorm_gelu", make_model, make_inputs, batch=BATCH,
              bytes_moved=2 * 4 * BATCH * SEQ * HIDDEN)
