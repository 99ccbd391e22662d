# nn.Linear: seeded kaiming-uniform initialisation, forward, repr, no-bias variant.
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(4, 3)
print(lin)
print(lin.weight)
print(lin.bias)
x = torch.arange(8.0).view(2, 4) / 8
with torch.no_grad():
    print(lin(x))
print(lin(x).detach().sum() == lin(x).sum().item())
nb = nn.Linear(3, 2, bias=False)
print(nb, nb.bias, nb.weight.shape)
print(lin.in_features, lin.out_features, lin.weight.requires_grad, type(lin.weight).__name__)
