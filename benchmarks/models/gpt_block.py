# A GPT-style decoder: token and position embeddings, 2 pre-LayerNorm blocks of causal
# self-attention (mask from a registered lower-triangular buffer) and a tanh-GELU MLP, a
# final LayerNorm and an LM head tied to the embedding. Batch 4, 64 tokens, width 256,
# vocabulary 512. Inputs are token ids, so --training's loss is over the logits.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 4
SEQ = 64
D_MODEL = 256
HEADS = 4
VOCAB = 512
LAYERS = 2


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D_MODEL)
        self.qkv = nn.Linear(D_MODEL, 3 * D_MODEL)
        self.proj = nn.Linear(D_MODEL, D_MODEL)
        self.ln2 = nn.LayerNorm(D_MODEL)
        self.fc = nn.Linear(D_MODEL, 4 * D_MODEL)
        self.out = nn.Linear(4 * D_MODEL, D_MODEL)
        self.register_buffer("mask", torch.tril(torch.ones(SEQ, SEQ)).view(1, 1, SEQ, SEQ))

    def forward(self, x):
        b, t, _ = x.shape
        d, hd = D_MODEL, D_MODEL // HEADS
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q = q.view(b, t, HEADS, hd).transpose(1, 2)
        k = k.view(b, t, HEADS, hd).transpose(1, 2)
        v = v.view(b, t, HEADS, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
        att = att.masked_fill(self.mask[:, :, :t, :t] == 0, float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class Gpt(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D_MODEL)
        self.wpe = nn.Embedding(SEQ, D_MODEL)
        self.blocks = nn.ModuleList([Block() for _ in range(LAYERS)])
        self.ln_f = nn.LayerNorm(D_MODEL)
        self.head = nn.Linear(D_MODEL, VOCAB, bias=False)
        self.head.weight = self.wte.weight
        nn.init.normal_(self.wte.weight, std=0.02)  # GPT-2's initialisation
        nn.init.normal_(self.wpe.weight, std=0.02)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1])
        x = self.wte(idx) + self.wpe(pos)
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln_f(x))


def make_model():
    return Gpt()


def make_inputs():
    return (torch.randint(0, VOCAB, (BATCH, SEQ)),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    # Per block: qkv, proj, fc, out matmuls and two attention matmuls; plus the LM head.
    per_block = 2 * BATCH * SEQ * D_MODEL * (3 * D_MODEL + D_MODEL + 8 * D_MODEL) + \
        2 * 2 * BATCH * SEQ * SEQ * D_MODEL
    run_model("gpt_block", make_model, make_inputs, batch=BATCH,
              flops=LAYERS * per_block + 2 * BATCH * SEQ * D_MODEL * VOCAB, jit="trace")
