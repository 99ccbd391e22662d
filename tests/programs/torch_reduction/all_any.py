# all and any: full and per-dim, on bool and numeric tensors.
import torch

b = torch.tensor([[True, False, True], [True, True, True]])
print(b.all(), b.any(), b.all(dim=1), b.any(0), torch.all(b, 1, keepdim=True))
n = torch.tensor([[0, 1, 2], [3, 0, 0]])
print(n.all(), n.any(), n.any(1), (n > 0).all(0), torch.any(n == 3))
print(torch.zeros(0).all(), torch.zeros(0).any(), torch.ones(2).all().dtype)
print(bool((torch.arange(4) >= 0).all()), (torch.arange(4) > 2).any().item())
