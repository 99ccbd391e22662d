# Sequential, ModuleList, ModuleDict, Identity: indexing, len, iteration, repr.
import torch
import torch.nn as nn

# Outputs of modules with parameters would print grad_fn=<...>: run inference only.
torch.set_grad_enabled(False)

torch.manual_seed(2)
seq = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1), nn.Identity())
print(seq, len(seq), type(seq[0]).__name__, seq[1:3])
print(seq(torch.tensor([[1.0, -1.0]])))
layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
layers.append(nn.Sigmoid())
print(len(layers), layers)
x = torch.ones(1, 2)
for layer in layers:
    x = layer(x)
print(x)
heads = nn.ModuleDict({"a": nn.Linear(2, 1), "b": nn.SiLU()})
print(heads, list(heads.keys()), "a" in heads, type(heads["b"]).__name__)
print(nn.Identity()(torch.tensor([3.0])))
