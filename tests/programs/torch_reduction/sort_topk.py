# sort / argsort / msort / topk: values, indices, tie order, NaN, dtypes, layouts, errors.
import torch

x = torch.tensor([[3.0, 1.0, 2.0, 1.0], [0.5, 4.0, 4.0, -1.0]])
print(torch.sort(x))
print(x.sort(dim=0, descending=True))
print(torch.sort(x, stable=True, descending=True))
print(torch.argsort(x))
print(x.argsort(dim=0, descending=True))
print(torch.argsort(x, stable=True, dim=1))
print(torch.msort(x))
v, i = torch.sort(x, 1)
print(v.dtype, i.dtype, v.shape)
r = torch.sort(x)
print(type(r).__name__, r.values.tolist(), r[1].tolist(), len(r))

# Ties beyond the insertion-sort cutoff: non-stable order is std::sort's.
torch.manual_seed(0)
t = torch.randint(0, 3, (40,))
print(torch.sort(t).indices)
print(torch.sort(t, stable=True).indices)
print(torch.sort(t, descending=True).indices)
print(torch.sort(t.float(), stable=False, descending=True).indices)

# NaN sorts as the largest value in both directions.
n = torch.tensor([1.0, float("nan"), -2.0, float("nan"), 0.0])
print(torch.sort(n))
print(torch.sort(n, descending=True))
print(torch.topk(n, 2))
print(torch.topk(n, 2, largest=False))

# topk: largest / smallest, sorted, dims, partial_sort and nth_element paths.
print(torch.topk(x, 2))
print(x.topk(1, dim=0, largest=False))
print(torch.topk(x, 3, sorted=False))
big = torch.randint(0, 5, (2, 130)).double()
print(torch.topk(big, 2))
print(torch.topk(big, 7, largest=False))
print(torch.topk(big, 5, sorted=False).indices)
print(torch.topk(torch.arange(10, dtype=torch.int32), 3))
print(torch.topk(x, 0))
print(torch.topk(torch.tensor(3.0), 1))
print(torch.sort(torch.tensor(3.0)))
print(torch.sort(torch.tensor([True, False, True])))
print(torch.sort(torch.zeros(0, 3), dim=0))

# Layouts: sort keeps a dense input's strides; topk's outputs are contiguous.
y = torch.randn(3, 4).t()
print(torch.sort(y, 1).values.stride(), torch.sort(y, 1).indices.stride())
print(torch.topk(y, 2, 0).values.stride())

for f in [lambda: torch.topk(x, 5), lambda: torch.topk(x, -1), lambda: torch.topk(x, 1, dim=2),
          lambda: torch.sort(x, dim=-3), lambda: torch.topk(torch.tensor(1.0), 2),
          lambda: torch.topk(torch.tensor([True, False]), 1), lambda: torch.argsort(x, dim=5)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

# 0-dim integer tensors for int arguments; an overload taking a Tensor still wins.
print(torch.topk(torch.arange(5.0), torch.tensor(2)))
a = torch.arange(6).view(2, 3)
print(torch.max(a, torch.tensor(1)))
print(a.min(torch.tensor(1)))
print(torch.cumsum(a, torch.tensor(1)))
print(a.select(0, torch.tensor(1)), a.unsqueeze(torch.tensor(0)).shape)
for f in [lambda: torch.topk(torch.arange(5.0), torch.tensor(2.0)),
          lambda: torch.topk(torch.arange(5.0), torch.tensor([2]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
