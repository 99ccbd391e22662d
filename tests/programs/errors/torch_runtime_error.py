# An uncaught RuntimeError raised by a torch operator (no Python frames inside torch).
import torch

a = torch.ones(2, 3)
b = torch.ones(2, 3)
print(a + b)
c = torch.mm(a, b)
print(c)
