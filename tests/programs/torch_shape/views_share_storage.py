# Views share storage: writes through views are visible; clone breaks sharing.
import torch

base = torch.zeros(3, 4)
v1 = base.view(12)
v2 = base.t()
v3 = base[1]
v4 = base[:, 2]
v5 = base.unsqueeze(0)
v1[0] = 1
v2[1, 0] = 2
v3[3] = 3
v4.fill_(4)
v5[0, 2, 0] = 5
print(base)
c = base.clone()
c.zero_()
print(base.sum(), c.sum())
e = base[0].expand(2, 4)
print(e, base.narrow(1, 0, 2).mul_(10), base)
