# Activation modules and their reprs.
import torch
import torch.nn as nn

x = torch.linspace(-2, 2, 5)
mods = [nn.ReLU(), nn.GELU(), nn.GELU(approximate="tanh"), nn.SiLU(), nn.Tanh(),
        nn.Sigmoid(), nn.Softmax(dim=0), nn.Identity()]
for m in mods:
    print(repr(m), m(x))
