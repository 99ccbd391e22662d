# Shapes and dtypes of matmul results; integer and double matmul; empty matmuls.
import torch

for sa, sb in [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)),
               ((5, 2, 3), (3, 4)), ((2, 3), (5, 3, 4)), ((1, 2, 3), (6, 3, 4))]:
    r = torch.ones(sa) @ torch.ones(sb)
    print(sa, sb, r.shape, r.sum().item())
print((torch.ones(2, 0) @ torch.ones(0, 3)), (torch.ones(0, 2) @ torch.ones(2, 3)).shape)
d = torch.ones(2, 2, dtype=torch.float64)
print((d @ d).dtype, (torch.ones(2, 2, dtype=torch.int32) @ torch.ones(2, 2, dtype=torch.int32)))
