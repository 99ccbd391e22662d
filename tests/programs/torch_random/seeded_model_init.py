# Seeded model initialisation reproduces PyTorch's parameters exactly.
import torch
import torch.nn as nn

torch.manual_seed(2024)
model = nn.Sequential(nn.Linear(3, 4), nn.GELU(), nn.Linear(4, 2))
emb = nn.Embedding(4, 2)
for name, p in model.named_parameters():
    print(name, p.detach())
print(emb.weight.detach())
print(torch.rand(2))
