# nn.CrossEntropyLoss, nn.MSELoss and nn.Softplus over torch.nn.functional: reprs and values.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(4, 5)
t = torch.tensor([1, 0, 4, 2])
for m in [nn.CrossEntropyLoss(), nn.CrossEntropyLoss(reduction="sum"), nn.CrossEntropyLoss(ignore_index=0), nn.MSELoss(), nn.Softplus(beta=2, threshold=5)]:
    print(m)
    if isinstance(m, nn.MSELoss):
        print(m(x, x * 0.5))
    elif isinstance(m, nn.Softplus):
        print(m(x))
    else:
        print(m(x, t))
print(F.softplus(torch.linspace(-30, 30, 7)))
print(nn.CrossEntropyLoss().weight, nn.CrossEntropyLoss(reduction="none")(x, t))
