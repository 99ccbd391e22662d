# Softmax attention, 8 heads, sequence 128, head dim 64, batch 4, written out
# (softmax(q k^T / sqrt(d)) v; PyTorch 1.13 has no scaled_dot_product_attention).
import math

import torch
import torch.nn as nn

BATCH = 4
HEADS = 8
SEQ = 128
DIM = 64


class Attention(nn.Module):
    def forward(self, q, k, v):
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(DIM)
        return torch.matmul(torch.softmax(scores, dim=-1), v)


def make_model():
    return Attention()


def make_inputs():
    return (torch.randn(BATCH, HEADS, SEQ, DIM), torch.randn(BATCH, HEADS, SEQ, DIM),
            torch.randn(BATCH, HEADS, SEQ, DIM))


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("attention", make_model, make_inputs, batch=BATCH,
              flops=2 * 2 * BATCH * HEADS * SEQ * SEQ * DIM)
