# Module reprs: nested, Sequential numbering, extra_repr arguments, custom modules.
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim, bias=False)


class Empty(nn.Module):
    pass


class Custom(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 3

    def extra_repr(self):
        return f"k={self.k}"


model = nn.Sequential(
    nn.Embedding(10, 8),
    nn.LayerNorm(8, eps=1e-6),
    Attention(8, 2),
    nn.ModuleList([nn.GELU(), nn.Dropout(0.1)]),
    nn.ModuleDict({"gate": nn.Sigmoid()}),
    Empty(),
    Custom(),
)
print(model)
print(nn.Linear(2, 3), nn.LayerNorm([2, 3], elementwise_affine=False), nn.Softmax(dim=-1))
print(nn.Dropout(), nn.Dropout(p=0.25, inplace=True), nn.Embedding(3, 2, padding_idx=0))
print(nn.Sequential(), nn.ModuleList())
