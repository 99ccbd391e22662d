# Comparison operators and functions; logical ops; isnan; nan_to_num.
import torch

a = torch.tensor([1.0, 2.0, float("nan"), 4.0])
b = torch.tensor([1.0, 3.0, float("nan"), 2.0])
print(a == b, a != b, a < b, a <= b, a > b, a >= b)
print(torch.eq(a, b), torch.ne(a, 2), torch.gt(a, 1.5), torch.lt(a, 3), torch.ge(a, 2), torch.le(a, 2))
print(a.eq(b), a.gt(b), (a > 1).dtype, torch.isnan(a), a.isnan().any())
p = torch.tensor([True, True, False, False])
q = torch.tensor([True, False, True, False])
print(torch.logical_and(p, q), torch.logical_or(p, q), torch.logical_not(p), torch.logical_xor(p, q))
print(p & q, p | q, p ^ q, ~p, torch.logical_and(torch.tensor([0, 1, 2]), torch.tensor([1, 1, 0])))
print(torch.nan_to_num(a), torch.nan_to_num(a, nan=-1.0))
inf = torch.tensor([float("inf"), -float("inf"), float("nan"), 1.0])
print(torch.nan_to_num(inf), torch.nan_to_num(inf, nan=0.0, posinf=9.0, neginf=-9.0))
print(torch.tensor([1, 2]) == torch.tensor([1, 5]), torch.tensor(3) > 2)
