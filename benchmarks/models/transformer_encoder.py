# A post-norm transformer encoder layer (BERT-style) built from nn.Linear, nn.LayerNorm
# and softmax: d_model 256, 4 heads of 64, FFN 1024 with GELU, batch 2, sequence 128.
import math

import torch
import torch.nn as nn

BATCH = 2
SEQ = 128
D_MODEL = 256
HEADS = 4
FFN = 1024


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D_MODEL, 3 * D_MODEL)
        self.out = nn.Linear(D_MODEL, D_MODEL)
        self.norm1 = nn.LayerNorm(D_MODEL)
        self.fc1 = nn.Linear(D_MODEL, FFN)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(FFN, D_MODEL)
        self.norm2 = nn.LayerNorm(D_MODEL)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // HEADS
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.reshape(b, t, HEADS, hd).transpose(1, 2)
        k = k.reshape(b, t, HEADS, hd).transpose(1, 2)
        v = v.reshape(b, t, HEADS, hd).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(hd)
        ctx = torch.matmul(torch.softmax(scores, dim=-1), v)
        ctx = ctx.transpose(1, 2).reshape(b, t, d)
        x = self.norm1(x + self.out(ctx))
        return self.norm2(x + self.fc2(self.act(self.fc1(x))))


def make_model():
    return EncoderLayer()


def make_inputs():
    return (torch.randn(BATCH, SEQ, D_MODEL),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    tokens = BATCH * SEQ
    linear_flops = 2 * tokens * D_MODEL * (3 * D_MODEL + D_MODEL + 2 * FFN)
    attention_flops = 2 * 2 * BATCH * SEQ * SEQ * D_MODEL
    run_model("transformer_encoder", make_model, make_inputs, batch=BATCH,
              flops=linear_flops + attention_flops)
