# One pre-norm transformer block (multi-head self-attention + MLP) applied to a batch of
# token embeddings, written with nn.Module, F.scaled_dot_product_attention and einsum.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.view(b, t, self.n_heads, d // self.n_heads).transpose(1, 2)
        k = k.view(b, t, self.n_heads, d // self.n_heads).transpose(1, 2)
        v = v.view(b, t, self.n_heads, d // self.n_heads).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = SelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.GELU(approximate="tanh"),
                                 nn.Linear(4 * d_model, d_model))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


torch.manual_seed(0)
vocab, d_model, n_heads, seq = 50, 16, 4, 6
embed = nn.Embedding(vocab, d_model)
block = Block(d_model, n_heads).eval()
tokens = torch.tensor([[3, 14, 15, 9, 26, 5], [2, 7, 18, 28, 18, 28]])

with torch.no_grad():
    h = embed(tokens) * math.sqrt(d_model)
    out = block(h)
    # Attention weights of head 0 computed by hand, to show einsum at work.
    q, k, _ = block.attn.qkv(block.ln1(h)).split(d_model, dim=-1)
    scores = torch.einsum("btd,bsd->bts", q[..., :4], k[..., :4]) / 2.0
    mask = torch.ones(seq, seq).tril() == 0
    weights = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)

print(out.shape)
print(out[0, :2])
print(weights[1, -1])
print("row sums:", weights.sum(dim=-1)[0].tolist())
