# LayerNorm and Embedding modules and their functional forms.
import torch
import torch.nn as nn
import torch.nn.functional as F

# Outputs of modules with parameters would print grad_fn=<...>: run inference only.
torch.set_grad_enabled(False)

ln = nn.LayerNorm(4)
print(ln, ln.weight, ln.bias, ln.normalized_shape, ln.eps)
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 0.0, 5.0]])
print(ln(x))
print(F.layer_norm(x, (4,)), F.layer_norm(x, [4], weight=torch.full((4,), 2.0), bias=torch.ones(4)))
ln2 = nn.LayerNorm([2, 4], elementwise_affine=False)
print(ln2, ln2(x))
torch.manual_seed(0)
emb = nn.Embedding(5, 3)
print(emb, emb.weight)
ids = torch.tensor([[0, 4], [2, 2]])
print(emb(ids), emb(ids).shape)
print(F.embedding(torch.tensor([1, 0]), torch.arange(6.0).view(3, 2)))
try:
    emb(torch.tensor([5]))
except IndexError as e:
    print("IndexError:", e)
