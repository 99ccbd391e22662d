# einsum for common patterns: matmul, batched matmul, transpose, sums, outer, trace, attention.
import torch

a = torch.arange(6.0).view(2, 3)
b = torch.arange(12.0).view(3, 4)
print(torch.einsum("ij,jk->ik", a, b))
print(torch.einsum("ij->ji", a), torch.einsum("ij->", a), torch.einsum("ij->j", a))
print(torch.einsum("i,j->ij", torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0, 5.0])))
print(torch.einsum("ii->", torch.eye(3) * 2), torch.einsum("ii->i", torch.arange(9.0).view(3, 3)))
q = torch.arange(24.0).view(2, 3, 4) / 10
k = torch.arange(24.0).view(2, 3, 4) / 20
print(torch.einsum("bqd,bkd->bqk", q, k))
print(torch.einsum("bij,bjk->bik", q, k.transpose(1, 2)).shape)
print(torch.einsum("i,i->", torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
